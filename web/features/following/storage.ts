import { useSyncExternalStore } from 'react';

/**
 * Whom this device follows (docs/decisions/067): competitors and departments, kept in localStorage
 * without an account. A stored value that is not ours (corrupt, edited, huge) reads as nobody followed.
 */
export type Followed = { kind: 'competitor' | 'department'; id: number };

export const FOLLOW_STORAGE_KEY = 'firefit.following';
/** At most this many followed at once: one page of live reads, one socket's subscriptions. */
export const FOLLOW_CAP = 20;
/** A stored value longer than this is not read (20 entries need well under 1 kB). */
const MAX_STORED_CHARS = 4_000;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2_147_483_648;

/** The followed list of a stored value: valid entries only, no duplicates, at most FOLLOW_CAP. */
export function parseFollowed(raw: string | null): Followed[] {
  if (raw === null || raw.length > MAX_STORED_CHARS) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const list: Followed[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { kind, id } = item as { kind?: unknown; id?: unknown };
    if ((kind !== 'competitor' && kind !== 'department') || !isId(id)) continue;
    if (list.some((f) => f.kind === kind && f.id === id)) continue;
    list.push({ kind, id });
    if (list.length === FOLLOW_CAP) break;
  }
  return list;
}

export const sameFollowed = (a: Followed, b: Followed) => a.kind === b.kind && a.id === b.id;

/** The list with the entry added at the end: unchanged when already there; refused ('full') at the cap. */
export function withFollowed(list: readonly Followed[], entry: Followed): Followed[] | 'full' {
  if (list.some((f) => sameFollowed(f, entry))) return [...list];
  if (list.length >= FOLLOW_CAP) return 'full';
  return [...list, entry];
}

export const withoutFollowed = (list: readonly Followed[], entry: Followed): Followed[] =>
  list.filter((f) => !sameFollowed(f, entry));

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: Followed[] = [];

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage refused (privacy settings): nothing followed, nothing kept
  }
}

/** The followed list now (the same array while the stored value is unchanged). */
export function readFollowed(): Followed[] {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(FOLLOW_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseFollowed(raw);
  }
  return cached;
}

/** Stores the list; false when the device refuses (full or disabled storage). */
export function writeFollowed(list: readonly Followed[]): boolean {
  try {
    storage()?.setItem(FOLLOW_STORAGE_KEY, JSON.stringify(list));
    return true;
  } catch {
    return false;
  } finally {
    for (const listener of listeners) listener();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab following someone shows here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === FOLLOW_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const EMPTY: Followed[] = [];

/** The followed list, kept current across components and tabs. */
export function useFollowed(): Followed[] {
  return useSyncExternalStore(subscribe, readFollowed, () => EMPTY);
}
