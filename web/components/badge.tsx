import type { ReactNode } from 'react';
import { BADGE_BASE_CLASS } from '../lib/labels.ts';

/** A small pill label; colour classes come from web/lib/labels.ts so every badge of a kind looks the same. */
export function Badge({
  children,
  className = 'bg-slate-100 text-slate-800',
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <span data-testid={testId} className={`${BADGE_BASE_CLASS} ${className}`}>
      {children}
    </span>
  );
}
