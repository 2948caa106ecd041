/** A spinner: inline by default, or covering the whole screen while the app itself loads. */
export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-slate-600 ${className}`}>
      <span
        className="size-6 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-700"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-white/90" data-testid="full-screen-spinner">
      <Spinner label={label} className="scale-150" />
    </div>
  );
}
