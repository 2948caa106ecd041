import { laneResultText, penaltyText, type ResultsPanel } from '../results-view.ts';

const HEAD = 'text-[calc(var(--fit,1)*2.8vmin)] font-black uppercase tracking-[0.12em]';
const NAME = 'text-[calc(var(--fit,1)*2.6vmin)] font-bold leading-tight text-white';
const SMALL = 'text-[calc(var(--fit,1)*1.8vmin)] font-medium leading-tight text-slate-300';
const TIME = 'text-[calc(var(--fit,1)*3vmin)] font-black tabular-nums leading-none text-white';
const PROVISIONAL = 'text-[calc(var(--fit,1)*1.6vmin)] font-bold uppercase tracking-wider text-amber-300';

/**
 * The results on the venue screen: the last heat that has results (times and penalties, each official
 * or marked provisional) and the run's current top places. Nothing while the run's results are held.
 */
export function ResultsBoard({ panel, wide = false }: { panel: ResultsPanel; wide?: boolean }) {
  return (
    <section
      aria-labelledby="results-title"
      // The last heat's times are a [data-fit-part] (the board shrinks to show them whole); the top places
      // take the room left, as many whole ones as fit. Wide: side by side, the row to themselves.
      className={`min-h-0 min-w-0 gap-[1.2vmin] overflow-hidden rounded-[1.6vmin] border-l-[0.8vmin] border-emerald-400 bg-slate-900/70 p-[1.4vmin] ${
        wide
          ? 'grid flex-1 grid-cols-1 landscape:grid-cols-2 landscape:gap-x-[3vmin]'
          : 'flex max-h-full flex-col self-start'
      }`}
      data-testid="display-results"
    >
      <h2 id="results-title" className="sr-only">
        Results
      </h2>
      {panel.heat && (
        <div data-testid="display-heat-results" data-fit-part className={wide ? 'self-start' : undefined}>
          <h3 className={`${HEAD} text-emerald-400`}>Heat {panel.heat.heat} results</h3>
          <ol className="mt-[0.6vmin] flex flex-col gap-[0.5vmin]">
            {panel.heat.lanes.map((lane) => (
              <li
                key={lane.position}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-[1.5vmin] rounded-[1vmin] bg-white/[0.06] px-[1.2vmin] py-[0.4vmin]"
                data-testid="display-result"
                data-position={lane.position}
              >
                <div className="min-w-0">
                  <p className={`${NAME} truncate`}>{lane.name}</p>
                  {penaltyText(lane) && <p className={SMALL}>{penaltyText(lane)}</p>}
                </div>
                <p className="flex items-baseline justify-end gap-[1vmin] text-right">
                  {lane.status === 'provisional' && <span className={PROVISIONAL}>Provisional</span>}
                  {lane.status === 'official' && <span className="sr-only">Official</span>}
                  <span className={TIME}>{laneResultText(lane) || '—'}</span>
                </p>
              </li>
            ))}
          </ol>
        </div>
      )}
      {panel.top.length > 0 && (
        // As many whole places as fit, from the first; the heading goes when none does.
        <div data-fit-clip className="min-h-0 flex-1 overflow-hidden" data-testid="display-top-places">
          <h3 className={`${HEAD} text-emerald-400`}>Top places</h3>
          <ol className="mt-[0.6vmin] flex flex-col gap-[0.4vmin]">
            {panel.top.map((place) => (
              <li
                key={`${place.rank}-${place.name}`}
                data-fit-optional
                className="grid grid-cols-[5vmin_minmax(0,1fr)_auto] items-center gap-x-[1.2vmin] px-[1vmin]"
              >
                <span className={`${TIME} text-emerald-300`}>
                  <span className="sr-only">Rank </span>
                  {place.rank}
                </span>
                <span className={`${NAME} truncate`}>{place.name}</span>
                <span className="flex items-baseline justify-end gap-[1vmin] text-right">
                  {place.status === 'provisional' && <span className={PROVISIONAL}>Provisional</span>}
                  <span className={TIME}>{place.officialTime}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
