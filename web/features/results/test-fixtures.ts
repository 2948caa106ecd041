/** Timing views for the unit tests of the results screens. */
import type { ResultDto, TimingView } from '../../../api/contracts/results.ts';
import { formatTime } from '../../../api/domain/times.ts';

export function resultOf(registrationId: number, over: Partial<ResultDto> = {}): ResultDto {
  const rawTimeMs = over.rawTimeMs === undefined ? 100_000 : over.rawTimeMs;
  return {
    id: registrationId,
    registrationId,
    runId: 1,
    eventId: 1,
    entrant: {
      kind: 'person',
      name: `Runner ${registrationId}`,
      departmentId: null,
      departmentName: null,
      userId: null,
      teamId: null,
    },
    recorded: true,
    heat: 1,
    position: 1,
    lane: 'left',
    attempt: 1,
    rawTimeMs,
    rawTime: rawTimeMs === null ? null : formatTime(rawTimeMs),
    penalties: [],
    penaltyMs: 0,
    officialTimeMs: rawTimeMs,
    officialTime: rawTimeMs === null ? null : formatTime(rawTimeMs),
    outcome: 'finished',
    status: 'provisional',
    source: 'manual',
    enteredBy: { id: 10, name: 'Ari Benn' },
    enteredAt: '2026-11-25T10:00:00.000Z',
    lastChangedBy: { id: 10, name: 'Ari Benn' },
    validatedBy: null,
    validatedAt: null,
    returnedReason: null,
    voidedAttempts: [],
    version: 1,
    ...over,
  };
}

/** Heats of `heatSize` pairs; `slots[i]` is the registration at position i + 1 (null: empty), `results` by registration. */
export function timingView(
  slots: (number | null)[],
  results: Record<number, ResultDto> = {},
  heatSize = 2,
): TimingView {
  const heats: TimingView['heats'] = [];
  slots.forEach((registrationId, index) => {
    const position = index + 1;
    const pair = Math.ceil(position / 2);
    const heat = Math.ceil(pair / heatSize);
    let h = heats.find((x) => x.heat === heat);
    if (!h) {
      h = { heat, pairs: [] };
      heats.push(h);
    }
    let p = h.pairs.find((x) => x.pair === pair);
    if (!p) {
      p = { pair, lanes: [] };
      h.pairs.push(p);
    }
    const result = registrationId === null ? null : (results[registrationId] ?? null);
    p.lanes.push({
      position,
      lane: position % 2 === 1 ? 'left' : 'right',
      registrationId,
      entrant:
        registrationId === null
          ? null
          : {
              kind: 'person',
              name: `Runner ${registrationId}`,
              departmentId: null,
              departmentName: null,
              userId: null,
              teamId: null,
            },
      bestOfficialMs: null,
      bestOfficial: null,
      result,
      resultVersion: result?.version ?? 0,
    });
  });
  return {
    runId: 1,
    runName: 'Individual: Open Men',
    runType: 'individual',
    runCategory: 'Open Men',
    eventId: 1,
    eventName: 'Prairie Challenge',
    held: false,
    runOrderVersion: 3,
    currentHeat: 1,
    currentHeatStartedAt: '2027-06-05T10:00:00.000Z',
    heatSize,
    bestEverMs: null,
    bestEver: null,
    heats,
    unplaced: [],
  };
}
