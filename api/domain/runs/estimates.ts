/**
 * Estimated start of each heat of a run (docs/decisions/047). Pure: the server answers with it and the
 * tests give it any "now". The run's scheduled start and the heat duration the organiser set give the
 * plan; the moment the timing table last started a heat ("next heat") replaces the plan from there on,
 * and a heat running over its duration pushes the ones after it: the day runs late or early as it does.
 */

export interface HeatStarted {
  heat: number;
  /** When the timing table started it. */
  at: Date;
}

export interface HeatEstimateInput {
  heatCount: number;
  /** The run's scheduled start; null when it has none. */
  scheduledStart: Date | null;
  /** How long one heat takes; null when the organiser has not said. */
  heatDurationMs: number | null;
  /** The last heat the timing table started; null before the run starts. */
  started: HeatStarted | null;
  /** The run cannot start before this (the run before it in the day ends); null for none. */
  notBefore?: Date | null;
  now: Date;
}

export interface HeatEstimates {
  /** Index h - 1 is heat h: its start (actual for the heat on the course), null when unknown or done. */
  starts: (Date | null)[];
  /** When the last heat should be over; null when unknown. */
  end: Date | null;
}

const later = (a: Date, b: Date | null | undefined) => (b && b.getTime() > a.getTime() ? b : a);
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

/**
 * Before the run starts, heat 1 starts at the scheduled start, or now when that has passed (or the run
 * before it ends later), and each heat after it one duration later. Once heat k has started at t, it
 * shows t, the heats before it nothing (they are done), and heat k + 1 starts at t + duration, or now
 * when heat k runs over. Without a duration only heat 1 of a run not yet started has an estimate.
 */
export function estimateHeatStarts(input: HeatEstimateInput): HeatEstimates {
  const count = Math.max(0, Math.floor(input.heatCount));
  const starts: (Date | null)[] = Array.from({ length: count }, () => null);
  const duration = input.heatDurationMs !== null && input.heatDurationMs > 0 ? input.heatDurationMs : null;
  const started = input.started && input.started.heat >= 1 && input.started.heat <= count ? input.started : null;

  let first: number;
  let firstAt: Date;
  if (started) {
    starts[started.heat - 1] = started.at;
    if (duration === null) return { starts, end: null };
    first = started.heat + 1;
    firstAt = later(plus(started.at, duration), input.now);
  } else {
    const planned = input.scheduledStart ?? input.notBefore ?? null;
    if (planned === null || count === 0) return { starts, end: null };
    first = 1;
    firstAt = later(later(planned, input.notBefore), input.now);
    starts[0] = firstAt;
    if (duration === null) return { starts, end: null };
  }
  for (let heat = first; heat <= count; heat += 1) starts[heat - 1] = plus(firstAt, (heat - first) * duration);
  // The last heat ends a duration after its start, and not before now while it is still running.
  const last = starts[count - 1] ?? firstAt;
  return { starts, end: later(plus(last, duration), input.now) };
}
