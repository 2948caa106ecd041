import { useEffect, useRef } from 'react';
import { ENTRANT_MARK_LABELS } from '../../../../api/domain/run-orders/events.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { venueHeatTime } from '../clock.ts';
import {
  type Density,
  type DisplayHeat,
  type DisplayPair,
  deckDensity,
  densityOf,
  heatLabel,
  type LaneCell,
  pairLanes,
} from '../view.ts';

/**
 * The heats on the venue screen. Sizes are in vmin so a 1080p screen, a 720p one and a portrait one
 * all show the same picture scaled; clamp() keeps a small window readable. At 1080p the names of the
 * heat on the course are about 70 px, the heat on deck about 50 px.
 */

export interface Highlight {
  /** Positions whose occupant just changed. */
  positions: ReadonlySet<number>;
  /** Moves on every new view, so a second change of the same lane flashes again. */
  token: number;
}

/** A short glow on an element when `flashKey` changes to a new value; none with reduced motion. */
function useFlash<T extends HTMLElement>(flashKey: string | undefined) {
  const ref = useRef<T>(null);
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  useEffect(() => {
    const element = ref.current;
    if (!flashKey || reduced || !element || typeof element.animate !== 'function') return;
    const animation = element.animate(
      [
        { backgroundColor: 'rgba(250, 204, 21, 0.42)', boxShadow: 'inset 0 0 0 0.4vmin rgba(250, 204, 21, 1)' },
        { backgroundColor: 'rgba(250, 204, 21, 0)', boxShadow: 'inset 0 0 0 0.4vmin rgba(250, 204, 21, 0)' },
      ],
      { duration: 2600, easing: 'ease-out' },
    );
    return () => animation.cancel();
  }, [flashKey, reduced]);
  return ref;
}

// In a roomy heat the names stay at 4.45vmin or more (48 px at 1080p, to be read from 20 m): the rest of
// the board shrinks around them, unless that would make it unreadable (use-fit.ts drops --name-floor).
const NAME: Record<'now' | 'deck', Record<Density, string>> = {
  now: {
    roomy: 'text-[max(var(--name-floor,4.45vmin),calc(var(--fit,1)*6vmin))]',
    snug: 'text-[calc(var(--fit,1)*5vmin)]',
    dense: 'text-[calc(var(--fit,1)*3.4vmin)]',
  },
  deck: {
    roomy: 'text-[max(var(--name-floor,4.45vmin),calc(var(--fit,1)*4.9vmin))]',
    snug: 'text-[calc(var(--fit,1)*3.6vmin)]',
    dense: 'text-[calc(var(--fit,1)*2.8vmin)]',
  },
};

const DEPARTMENT: Record<'now' | 'deck', Record<Density, string>> = {
  now: {
    roomy: 'text-[calc(var(--fit,1)*2.7vmin)]',
    snug: 'text-[calc(var(--fit,1)*2.8vmin)]',
    dense: 'text-[calc(var(--fit,1)*2.1vmin)]',
  },
  deck: {
    roomy: 'text-[calc(var(--fit,1)*2.3vmin)]',
    snug: 'text-[calc(var(--fit,1)*2.2vmin)]',
    dense: 'text-[calc(var(--fit,1)*1.8vmin)]',
  },
};

const PAIR_LABEL = 'text-[calc(var(--fit,1)*1.8vmin)]';

function Lane({
  cell,
  side,
  size,
  density,
  highlight,
}: {
  cell: LaneCell;
  side: 'Left' | 'Right';
  size: 'now' | 'deck';
  density: Density;
  highlight: Highlight;
}) {
  const changed = cell.position !== null && highlight.positions.has(cell.position);
  const ref = useFlash<HTMLDivElement>(changed ? `${cell.position}:${highlight.token}` : undefined);
  return (
    <div
      ref={ref}
      className="min-w-0 rounded-[1vmin] px-[1.6vmin] py-[0.5vmin]"
      data-testid="lane"
      data-lane={side.toLowerCase()}
      data-position={cell.position ?? undefined}
    >
      <span className="sr-only">{side} lane: </span>
      <p
        className={`${NAME[size][density]} font-extrabold leading-[1.05] tracking-tight break-words ${cell.empty ? 'text-slate-400' : 'text-white'}`}
      >
        {cell.empty && <span className="sr-only">empty</span>}
        <span aria-hidden={cell.empty || undefined} className={cell.mark ? 'text-slate-400 line-through' : undefined}>
          {cell.name}
        </span>
      </p>
      {cell.mark && (
        <p
          data-testid="lane-mark"
          className={`${DEPARTMENT[size][density]} mt-[0.3vmin] font-bold uppercase tracking-wide text-amber-300`}
        >
          {ENTRANT_MARK_LABELS[cell.mark]}
        </p>
      )}
      {cell.departmentName && (
        <p
          className={`${DEPARTMENT[size][density]} mt-[0.3vmin] font-medium leading-[1.2] text-slate-300 ${size === 'now' ? 'break-words' : 'truncate'}`}
        >
          {cell.departmentName}
        </p>
      )}
    </div>
  );
}

function PairRow({
  pair,
  size,
  density,
  highlight,
}: {
  pair: DisplayPair;
  size: 'now' | 'deck';
  density: Density;
  highlight: Highlight;
}) {
  const { left, right } = pairLanes(pair);
  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)_minmax(0,1fr)] items-center gap-x-[1.2vmin] rounded-[1.2vmin] bg-white/[0.06] py-[0.5vmin] pr-[0.6vmin]"
      data-testid="pair"
    >
      <span
        className={`${PAIR_LABEL} w-[7.5vmin] text-center font-bold uppercase leading-none tracking-wide text-slate-300`}
      >
        Pair
        <span className="mt-[0.5vmin] block text-[1.6em] text-white tabular-nums">{pair.pair}</span>
      </span>
      <Lane cell={left} side="Left" size={size} density={density} highlight={highlight} />
      <Lane cell={right} side="Right" size={size} density={density} highlight={highlight} />
    </li>
  );
}

/** Column heads over the lanes; twice when a big heat flows into two columns of pairs. */
function LaneHeaders({ twoColumns }: { twoColumns: boolean }) {
  const heads = (
    <div className="grid grid-cols-[7.5vmin_minmax(0,1fr)_minmax(0,1fr)] gap-x-[1.2vmin]">
      <span />
      <span className="px-[1.6vmin]">Left lane</span>
      <span className="px-[1.6vmin]">Right lane</span>
    </div>
  );
  return (
    <div
      aria-hidden="true"
      className={`${PAIR_LABEL} grid gap-x-[0.8vmin] pb-[0.6vmin] font-bold uppercase tracking-[0.2em] text-slate-400 ${twoColumns ? 'landscape:grid-cols-2' : ''}`}
    >
      {heads}
      {twoColumns && <div className="portrait:hidden">{heads}</div>}
    </div>
  );
}

/** The heat on the course, in the biggest type; its label glows when the timing table moves on. */
export function NowRunning({
  heat,
  heatCount,
  highlight,
  heatMoved,
}: {
  heat: DisplayHeat;
  heatCount: number;
  highlight: Highlight;
  heatMoved: boolean;
}) {
  const density = densityOf(heat.pairs.length);
  const labelRef = useFlash<HTMLParagraphElement>(heatMoved ? `heat:${highlight.token}` : undefined);
  return (
    <section
      aria-labelledby="now-running"
      data-fit-part
      className="min-w-0 shrink-0 rounded-[1.6vmin] border-l-[1vmin] border-red-600 bg-slate-900 p-[1.4vmin]"
      data-testid="now-running"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-[3vmin] pb-[0.6vmin]">
        <h2
          id="now-running"
          className="text-[calc(var(--fit,1)*3.2vmin)] font-black uppercase tracking-[0.12em] text-red-500"
        >
          Now running
        </h2>
        <p
          ref={labelRef}
          className="rounded-[0.8vmin] px-[1vmin] text-[calc(var(--fit,1)*3.2vmin)] font-extrabold text-white tabular-nums"
          data-testid="current-heat"
        >
          {heatLabel(heat.heat, heatCount)}
        </p>
      </div>
      <LaneHeaders twoColumns={density === 'dense'} />
      <ol className={`grid gap-[0.8vmin] ${density === 'dense' ? 'landscape:grid-cols-2' : ''}`}>
        {heat.pairs.map((pair) => (
          <PairRow key={pair.pair} pair={pair} size="now" density={density} highlight={highlight} />
        ))}
      </ol>
    </section>
  );
}

/** The next heat: the competitors who should be at the start line. */
export function OnDeck({
  heat,
  heatCount,
  highlight,
  nowPairs,
  timeZone,
}: {
  heat: DisplayHeat | null;
  heatCount: number;
  highlight: Highlight;
  nowPairs: number;
  /** The venue's: the estimated start is told in it. */
  timeZone: string | undefined;
}) {
  const density = deckDensity(nowPairs, heat?.pairs.length ?? 0);
  return (
    <section
      aria-labelledby="on-deck"
      data-fit-part
      className="min-w-0 self-start rounded-[1.6vmin] border-l-[0.8vmin] border-amber-400 bg-slate-900/70 p-[1.4vmin]"
      data-testid="on-deck"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-[3vmin] pb-[0.6vmin]">
        <h2
          id="on-deck"
          className="text-[calc(var(--fit,1)*2.8vmin)] font-black uppercase tracking-[0.12em] text-amber-400"
        >
          On deck
        </h2>
        {heat && (
          <p className="text-[calc(var(--fit,1)*2.8vmin)] font-extrabold text-white tabular-nums">
            {heatLabel(heat.heat, heatCount)}
            {heat.estimatedStart && (
              <span className="text-slate-300" data-testid="on-deck-estimate">
                {' '}
                · ≈ {venueHeatTime(heat.estimatedStart, timeZone)}
              </span>
            )}
          </p>
        )}
      </div>
      {heat ? (
        <ol className={`grid gap-[0.6vmin] ${density === 'dense' ? 'landscape:grid-cols-2' : ''}`}>
          {heat.pairs.map((pair) => (
            <PairRow key={pair.pair} pair={pair} size="deck" density={density} highlight={highlight} />
          ))}
        </ol>
      ) : (
        <p className="text-[calc(var(--fit,1)*3.2vmin)] font-semibold text-slate-300">Last heat of the run</p>
      )}
    </section>
  );
}

function LaterLane({ cell, highlight }: { cell: LaneCell; highlight: Highlight }) {
  const changed = cell.position !== null && highlight.positions.has(cell.position);
  const ref = useFlash<HTMLSpanElement>(changed ? `${cell.position}:${highlight.token}` : undefined);
  return (
    <span
      ref={ref}
      className={`min-w-0 break-words rounded-[0.6vmin] px-[0.6vmin] ${cell.empty ? 'text-slate-400' : 'text-white'}`}
      data-testid="lane"
      data-position={cell.position ?? undefined}
    >
      {cell.empty && <span className="sr-only">empty</span>}
      <span aria-hidden={cell.empty || undefined}>{cell.name}</span>
    </span>
  );
}

/**
 * The few heats after the one on deck: names only, smaller. It takes the room left and shows only the
 * heats that fit in it whole (useFitToScreen hides the others).
 */
export function ComingUp({
  heats,
  heatCount,
  highlight,
}: {
  heats: DisplayHeat[];
  heatCount: number;
  highlight: Highlight;
}) {
  if (heats.length === 0) return null;
  return (
    <section aria-labelledby="coming-up" className="relative min-h-[20vmin] min-w-0" data-testid="coming-up">
      <div data-fit-clip className="absolute inset-0 overflow-hidden rounded-[1.6vmin] bg-slate-900/40 p-[1.6vmin]">
        <h2
          id="coming-up"
          className="pb-[0.8vmin] text-[calc(var(--fit,1)*2.6vmin)] font-black uppercase tracking-[0.12em] text-slate-300"
        >
          Coming up
        </h2>
        <div className="grid gap-[1.4vmin]">
          {heats.map((heat) => (
            <div key={heat.heat} data-fit-optional>
              <h3 className="text-[calc(var(--fit,1)*2.3vmin)] font-bold text-slate-300 tabular-nums">
                {heatLabel(heat.heat, heatCount)}
              </h3>
              <ol className="mt-[0.4vmin] grid gap-[0.3vmin]">
                {heat.pairs.map((pair) => {
                  const { left, right } = pairLanes(pair);
                  return (
                    <li
                      key={pair.pair}
                      className="grid grid-cols-[6vmin_minmax(0,1fr)_minmax(0,1fr)] items-baseline gap-x-[1vmin] text-[calc(var(--fit,1)*2.8vmin)] font-semibold leading-snug"
                    >
                      <span className="text-[0.7em] font-bold text-slate-400 tabular-nums">
                        <span className="sr-only">Pair </span>
                        {pair.pair}
                      </span>
                      <LaterLane cell={left} highlight={highlight} />
                      <LaterLane cell={right} highlight={highlight} />
                    </li>
                  );
                })}
              </ol>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
