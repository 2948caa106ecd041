import { CircleAlert } from 'lucide-react';
import type { RefusalView } from '../messages.ts';

/** The server's refusal: a title and each reason it gave (every eligibility problem on its own line). */
export function RefusalBox({ view }: { view: RefusalView }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-brand-100 bg-brand-50 px-3 py-2.5 text-sm text-brand-900"
      data-testid="registration-refusal"
    >
      <p className="flex items-center gap-1.5 font-bold">
        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        {view.title}
      </p>
      {view.reasons.length === 1 ? (
        <p className="mt-1">{view.reasons[0]}</p>
      ) : (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {view.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
