export type ButtonTone = 'primary' | 'secondary' | 'danger' | 'ghost';

const TONES: Record<ButtonTone, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
};

/** The portal's button look; small buttons sit in table rows. */
export function buttonClass(tone: ButtonTone = 'primary', size: 'sm' | 'md' = 'md'): string {
  const sizing = size === 'sm' ? 'px-3 py-1.5 text-sm' : 'px-4 py-2.5 text-sm';
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60 ${sizing} ${TONES[tone]}`;
}
