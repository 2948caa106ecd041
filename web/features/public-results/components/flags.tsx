import type { ResultFlag } from '../../../../api/contracts/public-results.ts';

const FLAG_TITLES: Record<ResultFlag, string> = {
  PB: 'Personal best',
  SB: 'Season best',
  ER: 'Event record',
  CR: 'Course record',
  Q: 'Qualified for nationals',
};

const FLAG_CLASSES: Record<ResultFlag, string> = {
  PB: 'bg-emerald-100 text-emerald-900',
  SB: 'bg-sky-100 text-sky-900',
  ER: 'bg-violet-100 text-violet-900',
  CR: 'bg-amber-100 text-amber-900',
  Q: 'bg-red-100 text-red-900',
};

/**
 * PB, SB, ER, CR (docs/decisions/039-public-results.md) and Q (qualified for nationals, decision 068) badges,
 * each with its meaning for screen readers.
 */
export function ResultFlags({ flags }: { flags: readonly ResultFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {flags.map((flag) => (
        <abbr
          key={flag}
          title={FLAG_TITLES[flag]}
          aria-label={FLAG_TITLES[flag]}
          className={`rounded px-1.5 py-0.5 text-xs font-bold no-underline ${FLAG_CLASSES[flag]}`}
        >
          {flag}
        </abbr>
      ))}
    </span>
  );
}

const OUTCOME_TEXT = { finished: '', dnf: 'DNF', dns: 'DNS', dq: 'DQ' } as const;

/** The official time, or DNF / DNS / DQ. */
export function timeText(result: { officialTime: string | null; outcome: keyof typeof OUTCOME_TEXT }): string {
  return result.officialTime ?? (OUTCOME_TEXT[result.outcome] || '—');
}
