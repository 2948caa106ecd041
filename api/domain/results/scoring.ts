/**
 * Standings, categories, team scores and entry warnings (docs/domain.md "Times and results",
 * docs/decisions/032-scoring.md). Pure: the server's standings answers, the timing table's provisional
 * ranks and the venue display compute them with the same code.
 *
 * - Rank by official time (raw + penalties); a tie is broken by the raw time, then by the earlier run
 *   (the lower run-order position); still equal, both share the rank (1, 2, 2, 4).
 * - DQ, then DNF, then DNS follow the ranked rows, unranked, each group by name.
 * - Age categories: the age on the event's start date puts a competitor in the highest age group they
 *   reach (a 47-year-old is "Over 45", not also "Over 40"), of the run's gender.
 * - Team score (individual runs): a department team of 3 to 5 scores the sum of its 3 fastest official
 *   times; fewer than 3 such times, no score. Relay and Tech2 entrants are teams already: their
 *   standings are the team standings.
 */

import { RUN_CATEGORIES, type RunType } from '../runs/categories.ts';
import { ageOn } from '../teams/eligibility.ts';
import { formatTime } from '../times.ts';
import type { ResultOutcome, ResultStatus, ResultValue } from './events.ts';
import { effectiveOutcome, officialTimeMs } from './evolve.ts';
import { type InfractionCode, penaltyMs } from './penalties.ts';

/** One entrant's current result, with what ranking and categories read about the entrant. */
export interface ScoringEntry extends ResultValue {
  registrationId: number;
  /** The person's name, or the team's for relay and Tech2. */
  name: string;
  departmentId: number | null;
  departmentName: string | null;
  status: ResultStatus;
  /** The run-order position the entrant ran from (lower ran earlier); null when not placed (counts as last). */
  runOrderPosition: number | null;
  heat?: number | null;
  /**
   * For age categories: the age on the event's start date, or the date of birth to compute it from.
   * A team passes its youngest member's (every competitor must be at least that old).
   */
  age?: number | null;
  dateOfBirth?: string | null;
  gender?: 'female' | 'male' | 'other' | null;
}

/** What decided a row's place against its neighbours: the official time alone, a tie-break, or nothing (a shared rank). */
export type DecidedBy = 'time' | 'raw-time' | 'earlier-run' | 'tied';

export interface StandingRow {
  /** 1-based; shared by rows still equal after both tie-breaks; null for DQ, DNF and DNS. */
  rank: number | null;
  registrationId: number;
  name: string;
  departmentId: number | null;
  departmentName: string | null;
  /** What was measured: kept for a run disqualified by an infraction; null when none was (DNF, DNS, a DQ entered as such). */
  rawTimeMs: number | null;
  penaltyMs: number;
  officialTimeMs: number | null;
  /** The outcome that counts (a disqualifying penalty makes it DQ). */
  outcome: ResultOutcome;
  status: ResultStatus;
  penalties: InfractionCode[];
  runOrderPosition: number | null;
  /** Behind the leader, in ms (ranked rows only). */
  gapMs: number | null;
  /** null for unranked rows. */
  decidedBy: DecidedBy | null;
}

export interface StandingsOptions {
  /** Leave provisional results out (public standings). */
  officialOnly?: boolean;
}

/** The order of the unranked rows after the ranked ones. */
export const UNRANKED_ORDER: readonly ResultOutcome[] = ['dq', 'dnf', 'dns'];

const LEVELS: readonly DecidedBy[] = ['time', 'raw-time', 'earlier-run', 'tied'];

interface Keyed {
  official: number;
  raw: number;
  earlier: number;
}

/** How far two ranked rows agree: 0 differ by official time, 1 by raw time, 2 by the earlier run, 3 not at all. */
function agreement(a: Keyed, b: Keyed): number {
  if (a.official !== b.official) return 0;
  if (a.raw !== b.raw) return 1;
  if (a.earlier !== b.earlier) return 2;
  return 3;
}

function compareKeys(a: Keyed, b: Keyed): number {
  return a.official - b.official || a.raw - b.raw || a.earlier - b.earlier;
}

const byName = (a: { name: string; registrationId: number }, b: { name: string; registrationId: number }) =>
  a.name.localeCompare(b.name, 'en') || a.registrationId - b.registrationId;

/**
 * Ranks items by keys with shared ranks and says what decided each (shared by standings and team scores).
 * Items with equal keys keep a stable order by the given tie order.
 */
function rankByKeys<T>(
  items: readonly T[],
  keyOf: (item: T) => Keyed,
  tieOrder: (a: T, b: T) => number,
): { item: T; rank: number; decidedBy: DecidedBy }[] {
  const keyed = items.map((item) => ({ item, key: keyOf(item) }));
  keyed.sort((a, b) => compareKeys(a.key, b.key) || tieOrder(a.item, b.item));
  let rank = 0;
  return keyed.map((row, i) => {
    const previous = keyed[i - 1];
    const next = keyed[i + 1];
    const withPrevious = previous ? agreement(previous.key, row.key) : 0;
    const withNext = next ? agreement(row.key, next.key) : 0;
    if (withPrevious < 3) rank = i + 1;
    return { item: row.item, rank, decidedBy: LEVELS[Math.max(withPrevious, withNext)] as DecidedBy };
  });
}

/** The standings of these entries: ranked rows by official time, then DQ, DNF and DNS. */
export function standings(entries: readonly ScoringEntry[], options: StandingsOptions = {}): StandingRow[] {
  const counted = options.officialOnly ? entries.filter((e) => e.status === 'official') : entries;
  const ranked: ScoringEntry[] = [];
  const unranked: ScoringEntry[] = [];
  for (const entry of counted) (officialTimeMs(entry) === null ? unranked : ranked).push(entry);
  const ordered = rankByKeys(
    ranked,
    (e) => ({
      official: officialTimeMs(e) as number,
      raw: e.rawTimeMs as number,
      earlier: e.runOrderPosition ?? Number.MAX_SAFE_INTEGER,
    }),
    byName,
  );
  const leader = ordered[0] ? (officialTimeMs(ordered[0].item) as number) : 0;
  const rows = ordered.map(({ item, rank, decidedBy }) => {
    const official = officialTimeMs(item) as number;
    return rowOf(item, { rank, decidedBy, officialTimeMs: official, gapMs: official - leader });
  });
  unranked.sort(
    (a, b) => UNRANKED_ORDER.indexOf(effectiveOutcome(a)) - UNRANKED_ORDER.indexOf(effectiveOutcome(b)) || byName(a, b),
  );
  for (const entry of unranked)
    rows.push(rowOf(entry, { rank: null, decidedBy: null, officialTimeMs: null, gapMs: null }));
  return rows;
}

function rowOf(
  entry: ScoringEntry,
  placed: Pick<StandingRow, 'rank' | 'decidedBy' | 'officialTimeMs' | 'gapMs'>,
): StandingRow {
  const outcome = effectiveOutcome(entry);
  return {
    rank: placed.rank,
    registrationId: entry.registrationId,
    name: entry.name,
    departmentId: entry.departmentId,
    departmentName: entry.departmentName,
    // A run disqualified by an infraction keeps the time it was measured at; only its official time and place go.
    rawTimeMs: entry.outcome === 'finished' ? entry.rawTimeMs : null,
    penaltyMs: penaltyMs(entry.penalties),
    officialTimeMs: placed.officialTimeMs,
    outcome,
    status: entry.status,
    penalties: [...entry.penalties],
    runOrderPosition: entry.runOrderPosition,
    gapMs: placed.gapMs,
    decidedBy: placed.decidedBy,
  };
}

// ---------- categories ----------

export interface RunCategoryContext {
  runType: RunType;
  /** The run's own category (e.g. "Open Men"): its gender picks the age groups' gender. */
  runCategory: string;
  /** YYYY-MM-DD: ages are whole years on this date (docs/domain.md "Category"). */
  eventStartDate: string;
}

/** The entrant's age on the event's start date, or null when unknown. */
export function ageOfEntry(entry: Pick<ScoringEntry, 'age' | 'dateOfBirth'>, eventStartDate: string): number | null {
  if (typeof entry.age === 'number' && Number.isFinite(entry.age)) return entry.age;
  if (typeof entry.dateOfBirth === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(entry.dateOfBirth))
    return ageOn(entry.dateOfBirth, eventStartDate);
  return null;
}

/**
 * The age category an entrant of this run falls in: of the run type's age categories of the right
 * gender (the run's gender, or the entrant's in an open run), the highest minimum age the entrant
 * reaches. null when no age is known, none is reached, or the gender is unknown where it matters.
 */
export function ageCategoryOf(
  entry: Pick<ScoringEntry, 'age' | 'dateOfBirth' | 'gender'>,
  run: RunCategoryContext,
): string | null {
  const age = ageOfEntry(entry, run.eventStartDate);
  if (age === null) return null;
  const categories = RUN_CATEGORIES[run.runType];
  const runGender = categories.find((c) => c.name === run.runCategory)?.gender ?? 'open';
  const gender =
    runGender === 'men' || runGender === 'women'
      ? runGender
      : entry.gender === 'female'
        ? 'women'
        : entry.gender === 'male'
          ? 'men'
          : null;
  let best: { name: string; minAge: number } | null = null;
  for (const category of categories) {
    if (category.minAge === undefined || age < category.minAge) continue;
    if (category.gender !== 'open' && category.gender !== gender) continue;
    if (!best || category.minAge > best.minAge) best = { name: category.name, minAge: category.minAge };
  }
  return best?.name ?? null;
}

export interface CategoryStandings {
  category: string;
  rows: StandingRow[];
}

/** Standings within each age category of the run that has entrants, youngest group first. */
export function categoryStandings(
  entries: readonly ScoringEntry[],
  run: RunCategoryContext,
  options: StandingsOptions = {},
): CategoryStandings[] {
  const groups = new Map<string, ScoringEntry[]>();
  for (const entry of entries) {
    const category = ageCategoryOf(entry, run);
    if (category === null) continue;
    groups.set(category, [...(groups.get(category) ?? []), entry]);
  }
  const order = RUN_CATEGORIES[run.runType].map((c) => c.name);
  return [...groups]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([category, members]) => ({ category, rows: standings(members, options) }))
    .filter((group) => group.rows.length > 0);
}

// ---------- team scores ----------

/** The team sizes that score (docs/domain.md: a department team of 3 to 5). */
export const TEAM_SCORE_MIN_MEMBERS = 3;
export const TEAM_SCORE_MAX_MEMBERS = 5;
/** How many of the fastest official times make the score. */
export const TEAM_SCORE_COUNTED = 3;

export interface TeamInput {
  teamId: number;
  name: string;
  departmentId: number | null;
  departmentName: string | null;
  /** The run's registrations of the team's members. */
  registrationIds: readonly number[];
}

export interface TeamScoreRow {
  /** Shared like standings; null when the team has no score. */
  rank: number | null;
  teamId: number;
  name: string;
  departmentId: number | null;
  departmentName: string | null;
  /** The sum of the counted official times; null when the team has no score. */
  scoreMs: number | null;
  /** The members whose times count, fastest first. */
  counted: { registrationId: number; name: string; officialTimeMs: number }[];
  members: number;
  /** Members with an official time (finished, not disqualified). */
  validTimes: number;
  /** Why there is no score: too few valid times, or a team size that does not score. */
  noScoreReason: 'fewer-than-3-times' | 'team-size' | null;
  decidedBy: DecidedBy | null;
}

/**
 * Team scores of an individual run: each team of 3 to 5 members scores the sum of its 3 fastest
 * official times; ties are broken by the sum of the counted raw times, then by the earlier run (the
 * team whose last counted member ran earlier). Teams without a score follow, by name.
 */
export function teamScores(
  entries: readonly ScoringEntry[],
  teams: readonly TeamInput[],
  options: StandingsOptions = {},
): TeamScoreRow[] {
  const byRegistration = new Map<number, ScoringEntry>();
  for (const entry of entries)
    if (!options.officialOnly || entry.status === 'official') byRegistration.set(entry.registrationId, entry);
  interface Scored {
    row: TeamScoreRow;
    key: Keyed | null;
  }
  const scored: Scored[] = teams.map((team) => {
    const members = [...new Set(team.registrationIds)];
    const timed = members
      .map((id) => byRegistration.get(id))
      .filter((e): e is ScoringEntry => e !== undefined && officialTimeMs(e) !== null)
      .sort(
        (a, b) =>
          (officialTimeMs(a) as number) - (officialTimeMs(b) as number) ||
          (a.rawTimeMs as number) - (b.rawTimeMs as number) ||
          (a.runOrderPosition ?? Number.MAX_SAFE_INTEGER) - (b.runOrderPosition ?? Number.MAX_SAFE_INTEGER),
      );
    const sizeScores = members.length >= TEAM_SCORE_MIN_MEMBERS && members.length <= TEAM_SCORE_MAX_MEMBERS;
    const enough = timed.length >= TEAM_SCORE_COUNTED;
    const counted = sizeScores && enough ? timed.slice(0, TEAM_SCORE_COUNTED) : [];
    const row: TeamScoreRow = {
      rank: null,
      teamId: team.teamId,
      name: team.name,
      departmentId: team.departmentId,
      departmentName: team.departmentName,
      scoreMs: counted.length ? counted.reduce((sum, e) => sum + (officialTimeMs(e) as number), 0) : null,
      counted: counted.map((e) => ({
        registrationId: e.registrationId,
        name: e.name,
        officialTimeMs: officialTimeMs(e) as number,
      })),
      members: members.length,
      validTimes: timed.length,
      noScoreReason: !sizeScores ? 'team-size' : !enough ? 'fewer-than-3-times' : null,
      decidedBy: null,
    };
    const key = counted.length
      ? {
          official: row.scoreMs as number,
          raw: counted.reduce((sum, e) => sum + (e.rawTimeMs as number), 0),
          earlier: Math.max(...counted.map((e) => e.runOrderPosition ?? Number.MAX_SAFE_INTEGER)),
        }
      : null;
    return { row, key };
  });
  const withScore = scored.filter((s) => s.key !== null);
  const ranked = rankByKeys(
    withScore,
    (s) => s.key as Keyed,
    (a, b) => a.row.name.localeCompare(b.row.name, 'en') || a.row.teamId - b.row.teamId,
  ).map(({ item, rank, decidedBy }) => ({ ...item.row, rank, decidedBy }));
  const rest = scored
    .filter((s) => s.key === null)
    .map((s) => s.row)
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.teamId - b.teamId);
  return [...ranked, ...rest];
}

// ---------- a whole run ----------

export interface RunStandings {
  overall: StandingRow[];
  categories: CategoryStandings[];
  /** Individual runs: department team scores. Relay and Tech2: empty (their overall standings are the team standings). */
  teams: TeamScoreRow[];
}

/** Everything a run's standings page shows, computed once. */
export function runStandings(
  entries: readonly ScoringEntry[],
  run: RunCategoryContext & { teams?: readonly TeamInput[] },
  options: StandingsOptions = {},
): RunStandings {
  return {
    overall: standings(entries, options),
    categories: categoryStandings(entries, run, options),
    teams: run.runType === 'individual' ? teamScores(entries, run.teams ?? [], options) : [],
  };
}

// ---------- warnings before saving ----------

/** A time more than this much slower than the entrant's best is worth a second look. */
export const SLOWER_THAN_BEST_RATIO = 0.25;
/** A time more than this much faster than the entrant's best is worth a second look. */
export const FASTER_THAN_BEST_RATIO = 0.15;

export type EntryWarningCode =
  | 'slower-than-best'
  | 'faster-than-best'
  | 'faster-than-run-best'
  | 'same-time'
  | 'empty-lane';

export interface EntryWarning {
  code: EntryWarningCode;
  message: string;
}

export interface EntryWarningInput {
  /** The value about to be saved. */
  value: ResultValue;
  /** Whether somebody is placed in the lane the time is for. */
  lanePlaced: boolean;
  /** The entrant's best official time before this run (null when none). */
  entrantBestMs?: number | null;
  /** The best official time ever in this kind of run (null when none). */
  runBestEverMs?: number | null;
  /** The other entries of the heat (the entrant's own excluded by registration id). */
  heat?: readonly { registrationId: number; name: string; rawTimeMs: number | null }[];
  registrationId?: number | null;
}

/**
 * The warnings to show before saving a time (none blocks saving): a raw time more than 25% slower or
 * 15% faster than the entrant's best (the typed figure is what a slip of the keyboard changes), faster
 * than the run's best ever, the same raw time as another entry of the heat, or a lane nobody is placed in.
 */
export function entryWarnings(input: EntryWarningInput): EntryWarning[] {
  const warnings: EntryWarning[] = [];
  if (!input.lanePlaced)
    warnings.push({ code: 'empty-lane', message: 'Nobody is placed in this lane of the run order.' });
  const raw = input.value.outcome === 'finished' ? input.value.rawTimeMs : null;
  if (raw === null) return warnings;
  const best = input.entrantBestMs ?? null;
  if (best !== null && best > 0) {
    if (raw > best * (1 + SLOWER_THAN_BEST_RATIO))
      warnings.push({
        code: 'slower-than-best',
        message: `${formatTime(raw)} is more than ${SLOWER_THAN_BEST_RATIO * 100}% slower than this entrant's best (${formatTime(best)}).`,
      });
    else if (raw < best * (1 - FASTER_THAN_BEST_RATIO))
      warnings.push({
        code: 'faster-than-best',
        message: `${formatTime(raw)} is more than ${FASTER_THAN_BEST_RATIO * 100}% faster than this entrant's best (${formatTime(best)}).`,
      });
  }
  const runBest = input.runBestEverMs ?? null;
  if (runBest !== null && raw < runBest)
    warnings.push({
      code: 'faster-than-run-best',
      message: `${formatTime(raw)} is faster than the best time ever in this run (${formatTime(runBest)}).`,
    });
  const same = (input.heat ?? []).find((e) => e.registrationId !== input.registrationId && e.rawTimeMs === raw);
  if (same)
    warnings.push({ code: 'same-time', message: `${same.name} in this heat has the same time, ${formatTime(raw)}.` });
  return warnings;
}
