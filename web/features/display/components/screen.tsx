import type { ReactNode } from 'react';
import { zoneLabel } from '../clock.ts';
import { useClock } from '../use-clock.ts';
import { useIdleCursor } from '../use-idle-cursor.ts';

/**
 * The venue screen's frame: dark, full window, never scrolling, the pointer hidden when still. The
 * header carries the event, the run and a clock; a small notice says when the live link is down.
 */
export function DisplayScreen({
  children,
  header,
  reconnecting,
  timeZone,
}: {
  children: ReactNode;
  header: ReactNode;
  reconnecting: boolean;
  /** The venue's: the clock tells its time, labelled when this screen's own zone differs. */
  timeZone?: string | undefined;
}) {
  const idle = useIdleCursor();
  return (
    <div
      className={`fixed inset-0 flex flex-col overflow-hidden bg-slate-950 text-white antialiased [color-scheme:dark] ${idle ? 'cursor-none' : ''}`}
      data-testid="venue-display"
    >
      <header className="flex shrink-0 items-center justify-between gap-[3vmin] border-b border-white/10 px-[2.5vmin] py-[1vmin]">
        <div className="min-w-0">{header}</div>
        <div className="flex shrink-0 items-center gap-[2vmin]">
          {reconnecting && <ReconnectingNotice />}
          <Clock timeZone={timeZone} />
        </div>
      </header>
      <main className="flex min-h-0 flex-1 flex-col p-[1.5vmin]">{children}</main>
    </div>
  );
}

function Clock({ timeZone }: { timeZone?: string | undefined }) {
  const time = useClock(timeZone);
  const label = zoneLabel(timeZone);
  return (
    <p
      className="shrink-0 text-[clamp(1.5rem,5.4vmin,8rem)] font-black leading-none tracking-tight text-white tabular-nums"
      data-testid="clock"
    >
      <span className="sr-only">Time </span>
      <time>{time}</time>
      {label && (
        <span className="ml-[1vmin] text-[0.4em] font-bold text-slate-300" data-testid="clock-zone">
          {label}
        </span>
      )}
    </p>
  );
}

/** Event name over the run's name (and category when the name does not already say it). */
export function DisplayTitle({
  eventName,
  runName,
  category,
}: {
  eventName: string | null;
  runName: string;
  category: string | null;
}) {
  return (
    <>
      {eventName && (
        <p className="truncate text-[clamp(0.9rem,2.4vmin,3.5rem)] font-semibold leading-tight text-slate-300">
          {eventName}
        </p>
      )}
      <h1 className="truncate text-[clamp(1.25rem,4.4vmin,6rem)] font-black leading-[1.15] tracking-tight text-white">
        {runName}
        {category && (
          <>
            <span className="px-[1.2vmin] text-slate-500" aria-hidden="true">
              ·
            </span>
            <span className="sr-only">, </span>
            <span className="text-amber-300">{category}</span>
          </>
        )}
      </h1>
    </>
  );
}

/** Small, beside the clock and out of the way: people at the venue should hardly notice a short reconnect. */
function ReconnectingNotice() {
  return (
    <p
      role="status"
      className="flex items-center gap-[1vmin] whitespace-nowrap rounded-full bg-slate-800 px-[1.6vmin] py-[0.7vmin] text-[clamp(0.8rem,1.8vmin,2.4rem)] font-semibold text-amber-200"
      data-testid="reconnecting"
    >
      <span className="size-[1.2vmin] min-h-2 min-w-2 animate-pulse rounded-full bg-amber-300" aria-hidden="true" />
      Reconnecting…
    </p>
  );
}

/** A calm full-screen message: coming soon, finished, not found, can't load. */
export function DisplayMessage({
  title,
  detail,
  testId,
  heading = false,
}: {
  title: string;
  detail?: ReactNode;
  testId: string;
  heading?: boolean;
}) {
  const Title = heading ? 'h1' : 'p';
  return (
    <div className="grid flex-1 place-items-center text-center" data-testid={testId}>
      <div className="max-w-[80vw]">
        <Title className="text-[clamp(2rem,8vmin,11rem)] font-black leading-tight tracking-tight text-white">
          {title}
        </Title>
        {detail && (
          <p className="mt-[2vmin] text-[clamp(1.125rem,3.6vmin,5rem)] font-semibold leading-snug text-slate-300">
            {detail}
          </p>
        )}
      </div>
    </div>
  );
}
