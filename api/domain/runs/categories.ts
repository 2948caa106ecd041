/**
 * Run types and the categories (divisions) of each (docs/domain.md, "Events and runs"). Pure: the
 * database types, the API and the portal's pickers all take them from here.
 */

export const RUN_TYPES = ['individual', 'relay', 'tech2'] as const;
export type RunType = (typeof RUN_TYPES)[number];

export const RUN_TYPE_LABELS: { readonly [T in RunType]: string } = {
  individual: 'Individual',
  relay: 'Relay',
  tech2: 'Tech2 Relay',
};

/**
 * Who a category is for. women: every competitor (every team member) a woman; mixed: a team with at
 * least one woman; open: anyone. men names the men's division for results and the board, but entry is
 * not refused on gender (docs/decisions/016: refusing anyone without a recorded gender would block
 * entries the rules allow), so eligibility treats it as open.
 */
export type CategoryGender = 'men' | 'women' | 'mixed' | 'open';

export interface RunCategory {
  name: string;
  gender: CategoryGender;
  /** Age categories: every competitor is at least this old on the event's start date. */
  minAge?: number;
  /** Pre-service (students) only. */
  preServiceOnly?: boolean;
}

const AGE_GROUPS = [40, 45, 50, 55, 60] as const;

const INDIVIDUAL: readonly RunCategory[] = [
  { name: 'Open Men', gender: 'men' },
  { name: 'Open Women', gender: 'women' },
  ...AGE_GROUPS.flatMap((age): RunCategory[] => [
    { name: `Over ${age} Men`, gender: 'men', minAge: age },
    { name: `Over ${age} Women`, gender: 'women', minAge: age },
  ]),
  { name: 'Chief', gender: 'open' },
  { name: 'Pre-Service', gender: 'open', preServiceOnly: true },
];

const RELAY: readonly RunCategory[] = [
  { name: 'Men', gender: 'men' },
  { name: 'Women', gender: 'women' },
  { name: 'Mixed', gender: 'mixed' },
  { name: 'Over 40', gender: 'open', minAge: 40 },
  { name: 'Over 50', gender: 'open', minAge: 50 },
  { name: 'Industrial', gender: 'open' },
  { name: 'Fire School', gender: 'open', preServiceOnly: true },
];

const TECH2: readonly RunCategory[] = [
  { name: 'Men', gender: 'men' },
  { name: 'Women', gender: 'women' },
  { name: 'Mixed', gender: 'mixed' },
];

export const RUN_CATEGORIES: { readonly [T in RunType]: readonly RunCategory[] } = {
  individual: INDIVIDUAL,
  relay: RELAY,
  tech2: TECH2,
};

export function isRunType(value: string): value is RunType {
  return (RUN_TYPES as readonly string[]).includes(value);
}

/** The category names of a run type, in display order. */
export function categoriesFor(type: RunType): string[] {
  return RUN_CATEGORIES[type].map((c) => c.name);
}

/** The category of that name for the run type (names match exactly), or undefined. */
export function categoryOf(type: RunType, name: string): RunCategory | undefined {
  return RUN_CATEGORIES[type].find((c) => c.name === name);
}

export function isCategoryOf(type: RunType, name: string): boolean {
  return categoryOf(type, name) !== undefined;
}

/** The message for a category that the run type does not have; it names the ones it has. */
export function categoryProblem(type: RunType, name: string): string | undefined {
  if (isCategoryOf(type, name)) return undefined;
  return `"${name}" is not a ${RUN_TYPE_LABELS[type]} category; choose one of: ${categoriesFor(type).join(', ')}.`;
}

/** The name a run gets when none is given, e.g. "Individual: Open Men". */
export function defaultRunName(type: RunType, category: string): string {
  return `${RUN_TYPE_LABELS[type]}: ${category}`;
}

/**
 * Splits a comma list of run types (as in validate-run-types?runTypes=individual,relay). Items are
 * trimmed and compared without regard to case; blanks and repeats are skipped; each unknown one is
 * named once, as it was first given.
 */
export function parseRunTypes(list: string): { valid: RunType[]; invalid: string[] } {
  const valid: RunType[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const raw of list.split(',')) {
    const item = raw.trim();
    const lower = item.toLowerCase();
    if (!item || seen.has(lower)) continue;
    seen.add(lower);
    if (isRunType(lower)) valid.push(lower);
    else invalid.push(item);
  }
  return { valid, invalid };
}
