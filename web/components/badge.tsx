import type { ReactNode } from 'react';

/** A small pill label; colour classes come from web/lib/labels.ts so every badge of a kind looks the same. */
export function Badge({ children, className = 'bg-slate-100 text-slate-800', testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <span data-testid={testId} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${className}`}>
      {children}
    </span>
  );
}
