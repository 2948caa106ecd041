import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResultOutcome } from './events.ts';
import { officialTimeMs } from './evolve.ts';
import { INFRACTION_CODES } from './penalties.ts';
import {
  ageCategoryOf,
  categoryStandings,
  entryWarnings,
  runStandings,
  type ScoringEntry,
  standings,
  type TeamInput,
  teamScores,
} from './scoring.ts';

let nextId = 1;
const entry = (over: Partial<ScoringEntry> = {}): ScoringEntry => {
  const id = over.registrationId ?? nextId++;
  return {
    registrationId: id,
    name: `Competitor ${String(id).padStart(3, '0')}`,
    departmentId: 1,
    departmentName: 'Northside',
    status: 'official',
    runOrderPosition: id,
    rawTimeMs: 100_000,
    outcome: 'finished',
    penalties: [],
    ...over,
  };
};
const timed = (registrationId: number, rawTimeMs: number, over: Partial<ScoringEntry> = {}) =>
  entry({ registrationId, rawTimeMs, ...over });
const out = (registrationId: number, outcome: ResultOutcome, name = `N${registrationId}`) =>
  entry({ registrationId, outcome, rawTimeMs: null, name });

const summary = (rows: ReturnType<typeof standings>) =>
  rows.map((r) => [r.registrationId, r.rank, r.decidedBy] as const);

describe('standings', () => {
  it('ranks by official time: raw time plus penalties', () => {
    const rows = standings([
      timed(1, 100_000, { penalties: ['false-start', 'missed-step'] }),
      timed(2, 102_000),
      timed(3, 101_000),
    ]);
    expect(summary(rows)).toEqual([
      [3, 1, 'time'],
      [2, 2, 'time'],
      [1, 3, 'time'],
    ]);
    expect(rows[2]).toMatchObject({ officialTimeMs: 104_000, penaltyMs: 4_000, gapMs: 3_000 });
  });

  it('breaks a tie by the raw time, then by the earlier run; equal after both share the rank (1,2,2,4)', () => {
    const rows = standings([
      timed(1, 100_000, { penalties: ['false-start'] }), // 102.00, raw 100.00
      timed(2, 102_000), // 102.00, raw 102.00
      timed(3, 101_000, { runOrderPosition: 9 }), // 101.00
      timed(4, 101_000, { runOrderPosition: 4 }), // 101.00, ran earlier
      timed(5, 99_000, { runOrderPosition: 2 }),
      timed(6, 99_000, { runOrderPosition: 2 }),
      timed(7, 98_000),
    ]);
    expect(summary(rows)).toEqual([
      [7, 1, 'time'],
      [5, 2, 'tied'],
      [6, 2, 'tied'],
      [4, 4, 'earlier-run'],
      [3, 5, 'earlier-run'],
      [1, 6, 'raw-time'],
      [2, 7, 'raw-time'],
    ]);
  });

  it('treats an entrant with no run-order position as running last', () => {
    const rows = standings([
      timed(1, 100_000, { runOrderPosition: null }),
      timed(2, 100_000, { runOrderPosition: 30 }),
    ]);
    expect(summary(rows)).toEqual([
      [2, 1, 'earlier-run'],
      [1, 2, 'earlier-run'],
    ]);
  });

  it('lists DQ, DNF and DNS after the ranked rows, unranked, each group by name', () => {
    const rows = standings([
      out(1, 'dns', 'Abe'),
      out(2, 'dnf', 'Zoe'),
      timed(3, 100_000),
      out(4, 'dnf', 'Amy'),
      timed(5, 100_000, { penalties: ['roll-dropped'], name: 'Bob' }),
      out(6, 'dq', 'Cid'),
    ]);
    expect(rows.map((r) => [r.registrationId, r.outcome, r.rank, r.decidedBy])).toEqual([
      [3, 'finished', 1, 'time'],
      [5, 'dq', null, null],
      [6, 'dq', null, null],
      [4, 'dnf', null, null],
      [2, 'dnf', null, null],
      [1, 'dns', null, null],
    ]);
    // Disqualified by an infraction: the measured time stays on record, no official time, gap or place.
    expect(rows[1]).toMatchObject({ registrationId: 5, officialTimeMs: null, rawTimeMs: 100_000, gapMs: null });
    expect(rows[2]).toMatchObject({ registrationId: 6, officialTimeMs: null, rawTimeMs: null, gapMs: null });
  });

  it('leaves provisional results out of official standings', () => {
    const entries = [timed(1, 100_000, { status: 'provisional' }), timed(2, 101_000)];
    expect(standings(entries).map((r) => r.registrationId)).toEqual([1, 2]);
    expect(standings(entries, { officialOnly: true }).map((r) => [r.registrationId, r.rank])).toEqual([[2, 1]]);
  });

  it('is empty for no entries', () => {
    expect(standings([])).toEqual([]);
  });
});

const outcome = fc.constantFrom<ResultOutcome>('finished', 'finished', 'finished', 'dnf', 'dns', 'dq');
const arbitraryEntries = fc.uniqueArray(
  fc.record({
    registrationId: fc.integer({ min: 1, max: 500 }),
    rawHundredths: fc.integer({ min: 9_000, max: 9_050 }),
    outcome,
    penalties: fc.array(fc.constantFrom(...INFRACTION_CODES), { maxLength: 2 }),
    position: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
    name: fc.constantFrom('Ann', 'Ben', 'Cat'),
  }),
  { selector: (e) => e.registrationId, maxLength: 40 },
);
const toEntries = (list: Parameters<typeof build>[0]) => build(list);
function build(
  list: {
    registrationId: number;
    rawHundredths: number;
    outcome: ResultOutcome;
    penalties: string[];
    position: number | null;
    name: string;
  }[],
): ScoringEntry[] {
  return list.map((e) =>
    entry({
      registrationId: e.registrationId,
      name: e.name,
      rawTimeMs: e.outcome === 'finished' ? e.rawHundredths * 10 : null,
      outcome: e.outcome,
      penalties: e.penalties as ScoringEntry['penalties'],
      runOrderPosition: e.position,
    }),
  );
}

describe('standings properties', () => {
  it('competition ranks, ranked before unranked, order-independent, tie-breaks named consistently', () => {
    fc.assert(
      fc.property(arbitraryEntries, fc.integer(), (list, seed) => {
        const entries = toEntries(list);
        const rows = standings(entries);
        expect(rows).toHaveLength(entries.length);
        const ranked = rows.filter((r) => r.rank !== null);
        // Ranked rows first, by official time; unranked DQ, DNF, DNS.
        expect(rows.slice(0, ranked.length)).toEqual(ranked);
        for (let i = 1; i < ranked.length; i += 1)
          expect((ranked[i]?.officialTimeMs ?? 0) >= (ranked[i - 1]?.officialTimeMs ?? 0)).toBe(true);
        const unrankedOrder = rows.slice(ranked.length).map((r) => ['dq', 'dnf', 'dns'].indexOf(r.outcome));
        expect(unrankedOrder).toEqual([...unrankedOrder].sort((a, b) => a - b));
        expect(unrankedOrder.every((i) => i >= 0)).toBe(true);
        // A rank is one more than the rows strictly ahead; a shared rank is exactly a 'tied' row.
        ranked.forEach((row, i) => {
          const ahead = ranked.filter(
            (o) =>
              (o.officialTimeMs as number) < (row.officialTimeMs as number) ||
              (o.officialTimeMs === row.officialTimeMs &&
                ((o.rawTimeMs as number) < (row.rawTimeMs as number) ||
                  (o.rawTimeMs === row.rawTimeMs &&
                    (o.runOrderPosition ?? Number.MAX_SAFE_INTEGER) <
                      (row.runOrderPosition ?? Number.MAX_SAFE_INTEGER)))),
          ).length;
          expect(row.rank).toBe(ahead + 1);
          const shares = ranked.some((o, j) => j !== i && o.rank === row.rank);
          expect(row.decidedBy === 'tied').toBe(shares);
          expect(row.officialTimeMs).toBe(officialTimeMs(row));
        });
        // The same entries in another order give the same standings.
        const shuffled = [...entries].sort(
          (a, b) => ((a.registrationId * 7919 + seed) % 101) - ((b.registrationId * 7919 + seed) % 101),
        );
        expect(standings(shuffled)).toEqual(rows);
      }),
      { numRuns: 300 },
    );
  });
});

describe('age categories', () => {
  const individual = { runType: 'individual' as const, runCategory: 'Open Men', eventStartDate: '2027-06-01' };

  it('puts a competitor in the highest age group reached on the event start date, of the run gender', () => {
    expect(ageCategoryOf({ dateOfBirth: '1987-06-01' }, individual)).toBe('Over 40 Men');
    expect(ageCategoryOf({ dateOfBirth: '1987-06-02' }, individual)).toBeNull();
    expect(ageCategoryOf({ age: 47 }, individual)).toBe('Over 45 Men');
    expect(ageCategoryOf({ age: 71 }, individual)).toBe('Over 60 Men');
    expect(ageCategoryOf({ age: 52 }, { ...individual, runCategory: 'Open Women' })).toBe('Over 50 Women');
  });

  it('takes the gender of the entrant in an open run, and gives none when it is unknown', () => {
    const chief = { ...individual, runCategory: 'Chief' };
    expect(ageCategoryOf({ age: 44, gender: 'female' }, chief)).toBe('Over 40 Women');
    expect(ageCategoryOf({ age: 44, gender: 'male' }, chief)).toBe('Over 40 Men');
    expect(ageCategoryOf({ age: 44, gender: 'other' }, chief)).toBeNull();
    expect(ageCategoryOf({ age: 44 }, chief)).toBeNull();
    expect(ageCategoryOf({}, individual)).toBeNull();
  });

  it('relay age groups are open: the youngest member decides', () => {
    const relay = { runType: 'relay' as const, runCategory: 'Men', eventStartDate: '2027-06-01' };
    expect(ageCategoryOf({ age: 55 }, relay)).toBe('Over 50');
    expect(ageCategoryOf({ age: 41 }, relay)).toBe('Over 40');
    expect(
      ageCategoryOf({ age: 39 }, { runType: 'tech2', runCategory: 'Men', eventStartDate: '2027-06-01' }),
    ).toBeNull();
  });

  it('ranks within each age category; a competitor also stays in the overall standings', () => {
    const entries = [
      timed(1, 100_000, { age: 25 }),
      timed(2, 110_000, { age: 42 }),
      timed(3, 105_000, { age: 44 }),
      timed(4, 120_000, { age: 51 }),
      out(5, 'dnf'),
    ];
    const all = runStandings(entries, { ...individual, teams: [] });
    expect(all.overall.map((r) => [r.registrationId, r.rank])).toEqual([
      [1, 1],
      [3, 2],
      [2, 3],
      [4, 4],
      [5, null],
    ]);
    expect(
      categoryStandings(entries, individual).map((c) => [c.category, c.rows.map((r) => [r.registrationId, r.rank])]),
    ).toEqual([
      [
        'Over 40 Men',
        [
          [3, 1],
          [2, 2],
        ],
      ],
      ['Over 50 Men', [[4, 1]]],
    ]);
  });
});

describe('team scores', () => {
  const team = (teamId: number, registrationIds: number[], name = `Team ${teamId}`): TeamInput => ({
    teamId,
    name,
    departmentId: teamId,
    departmentName: `Dept ${teamId}`,
    registrationIds,
  });

  it('sums the three fastest official times of a team of 3 to 5', () => {
    const entries = [
      timed(1, 100_000),
      timed(2, 90_000, { penalties: ['false-start'] }), // 92.00
      timed(3, 95_000),
      timed(4, 120_000),
      timed(5, 99_000),
    ];
    const [row] = teamScores(entries, [team(1, [1, 2, 3, 4, 5])]);
    expect(row).toMatchObject({ rank: 1, scoreMs: 92_000 + 95_000 + 99_000, validTimes: 5, noScoreReason: null });
    expect(row?.counted.map((c) => c.registrationId)).toEqual([2, 3, 5]);
  });

  it('gives no score with fewer than three valid times: a DQ or DNF member does not count', () => {
    const entries = [timed(1, 100_000), timed(2, 90_000, { penalties: ['roll-dropped'] }), out(3, 'dnf'), timed(4, 1)];
    const rows = teamScores(entries, [team(1, [1, 2, 3]), team(2, [1, 4])]);
    expect(rows.map((r) => [r.teamId, r.rank, r.scoreMs, r.validTimes, r.noScoreReason])).toEqual([
      [1, null, null, 1, 'fewer-than-3-times'],
      [2, null, null, 2, 'team-size'],
    ]);
  });

  it('refuses a score to a team of more than five', () => {
    const entries = [1, 2, 3, 4, 5, 6].map((id) => timed(id, 100_000 + id * 10));
    expect(teamScores(entries, [team(1, [1, 2, 3, 4, 5, 6])])[0]).toMatchObject({ noScoreReason: 'team-size' });
  });

  it('ranks teams like standings: score, then raw times, then the earlier run; unscored last', () => {
    const entries = [
      timed(1, 100_000),
      timed(2, 100_000),
      timed(3, 100_000, { penalties: ['false-start'] }), // team 1: 302.00, raw 300.00
      timed(4, 100_000),
      timed(5, 100_000),
      timed(6, 102_000), // team 2: 302.00, raw 302.00
      timed(7, 90_000),
      timed(8, 90_000),
      timed(9, 90_000),
    ];
    const rows = teamScores(entries, [team(1, [1, 2, 3]), team(2, [4, 5, 6]), team(3, [7, 8, 9]), team(4, [])]);
    expect(rows.map((r) => [r.teamId, r.rank, r.scoreMs, r.decidedBy])).toEqual([
      [3, 1, 270_000, 'time'],
      [1, 2, 302_000, 'raw-time'],
      [2, 3, 302_000, 'raw-time'],
      [4, null, null, null],
    ]);
  });

  it('counts official results only in official standings; relay and Tech2 runs have no department team scores', () => {
    const entries = [timed(1, 100_000), timed(2, 100_000), timed(3, 100_000, { status: 'provisional' })];
    expect(teamScores(entries, [team(1, [1, 2, 3])], { officialOnly: true })[0]?.noScoreReason).toBe(
      'fewer-than-3-times',
    );
    expect(
      runStandings(entries, {
        runType: 'relay',
        runCategory: 'Men',
        eventStartDate: '2027-06-01',
        teams: [team(1, [1, 2, 3])],
      }).teams,
    ).toEqual([]);
  });

  it('property: a team scores exactly when 3 to 5 members have 3 valid times, the sum of its 3 fastest', () => {
    fc.assert(
      fc.property(arbitraryEntries, fc.array(fc.integer({ min: 1, max: 500 }), { maxLength: 7 }), (list, ids) => {
        const entries = toEntries(list);
        const [row] = teamScores(entries, [team(1, ids)]);
        const members = [...new Set(ids)];
        const times = members
          .map((id) => entries.find((e) => e.registrationId === id))
          .map((e) => (e ? officialTimeMs(e) : null))
          .filter((t): t is number => t !== null)
          .sort((a, b) => a - b);
        const scores = members.length >= 3 && members.length <= 5 && times.length >= 3;
        expect(row?.scoreMs ?? null).toBe(scores ? (times[0] ?? 0) + (times[1] ?? 0) + (times[2] ?? 0) : null);
        expect(row?.rank ?? null).toBe(scores ? 1 : null);
      }),
      { numRuns: 300 },
    );
  });
});

describe('entryWarnings', () => {
  const value = (rawTimeMs: number | null, outcome: ResultOutcome = 'finished') => ({
    rawTimeMs,
    outcome,
    penalties: [],
  });
  const codes = (input: Parameters<typeof entryWarnings>[0]) => entryWarnings(input).map((w) => w.code);

  it('warns of a time far from the entrant best: more than 25% slower or 15% faster', () => {
    expect(codes({ value: value(125_000), lanePlaced: true, entrantBestMs: 100_000 })).toEqual([]);
    expect(codes({ value: value(125_010), lanePlaced: true, entrantBestMs: 100_000 })).toEqual(['slower-than-best']);
    expect(codes({ value: value(85_000), lanePlaced: true, entrantBestMs: 100_000 })).toEqual([]);
    expect(codes({ value: value(84_990), lanePlaced: true, entrantBestMs: 100_000 })).toEqual(['faster-than-best']);
    expect(codes({ value: value(50_000), lanePlaced: true, entrantBestMs: null })).toEqual([]);
  });

  it('warns of a time faster than the run best ever, and of the same time as another entry of the heat', () => {
    const heat = [
      { registrationId: 1, name: 'Ann', rawTimeMs: 99_990 },
      { registrationId: 2, name: 'Ben', rawTimeMs: 101_000 },
    ];
    const warnings = entryWarnings({
      value: value(99_990),
      lanePlaced: true,
      runBestEverMs: 100_000,
      heat,
      registrationId: 3,
    });
    expect(warnings.map((w) => w.code)).toEqual(['faster-than-run-best', 'same-time']);
    expect(warnings[1]?.message).toContain('Ann');
    // Its own earlier value is not "another entry".
    expect(codes({ value: value(99_990), lanePlaced: true, heat, registrationId: 1 })).toEqual([]);
  });

  it('warns of a lane nobody is placed in, and compares no time for DNF, DNS or DQ', () => {
    expect(codes({ value: value(null, 'dnf'), lanePlaced: false, entrantBestMs: 100_000, runBestEverMs: 1 })).toEqual([
      'empty-lane',
    ]);
  });
});
