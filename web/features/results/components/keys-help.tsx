import { Keyboard } from 'lucide-react';
import type { ReactNode } from 'react';
import { INFRACTIONS } from '../../../../api/domain/results/penalties.ts';

/** The timing table's keys, folded away under the toolbar. */
export function KeysHelp() {
  return (
    <details className="mb-4 rounded-2xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold text-slate-900">
        <Keyboard aria-hidden="true" className="size-4" /> Keys
      </summary>
      <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        <Key k="0–9">the time, from the right: 14732 is 1:47.32</Key>
        <Key k="Enter">save and go to the next lane</Key>
        <Key k="↑ ↓">previous / next lane without saving</Key>
        <Key k="Esc">put the saved value back</Key>
        <Key k="Backspace / Delete">last digit / clear the lane</Key>
        <Key k="d n q f">DNF, DNS, DQ, finished</Key>
        <Key k="PgDn or >">next heat (the venue display follows)</Key>
        <Key k="-  then a penalty key">take one call of it away</Key>
        {INFRACTIONS.map((i) => (
          <Key key={i.code} k={i.key}>
            {i.label} {i.disqualifies ? '(DQ)' : '(+2 s)'}
          </Key>
        ))}
      </dl>
    </details>
  );
}

function Key({ k, children }: { k: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt>
        <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">{k}</kbd>
      </dt>
      <dd className="text-slate-700">{children}</dd>
    </div>
  );
}
