/**
 * What the session keeps in sessionStorage: only isAuthenticated, tokenExpiresAt
 * and the user id, under a key named after the product. Never the access token: a script injected into
 * the page could read it from storage, while in memory it dies with the tab.
 */
import { SITE } from '../../content/site.ts';

/** 'FireFit Canada' → 'firefit-canada-auth'. */
export function storageKeyFor(productName: string): string {
  const slug = productName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug}-auth`;
}

export const AUTH_STORAGE_KEY = storageKeyFor(SITE.name);

export interface PersistedAuth {
  isAuthenticated: boolean;
  tokenExpiresAt: string | null;
  user: { id: number } | null;
}

/** sessionStorage when the page may use it; undefined in tests without it or when the browser refuses. */
export function browserSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Some browsers throw on access when storage is disabled.
    return undefined;
  }
}

/** The stored record, or null when there is none or it is not ours (a tampered or older shape). */
export function readPersistedAuth(storage: Storage | undefined, key: string = AUTH_STORAGE_KEY): PersistedAuth | null {
  let raw: string | null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (typeof record.isAuthenticated !== 'boolean') return null;
  const tokenExpiresAt = typeof record.tokenExpiresAt === 'string' ? record.tokenExpiresAt : null;
  const rawUser = record.user as { id?: unknown } | null | undefined;
  const user = rawUser && typeof rawUser.id === 'number' && Number.isInteger(rawUser.id) ? { id: rawUser.id } : null;
  return { isAuthenticated: record.isAuthenticated, tokenExpiresAt, user };
}

/** Writes exactly the three persisted fields, whatever else the caller passes; null removes the record. */
export function writePersistedAuth(
  storage: Storage | undefined,
  value: PersistedAuth | null,
  key: string = AUTH_STORAGE_KEY,
): void {
  if (!storage) return;
  try {
    if (value === null) {
      storage.removeItem(key);
      return;
    }
    const record: PersistedAuth = {
      isAuthenticated: value.isAuthenticated,
      tokenExpiresAt: value.tokenExpiresAt,
      user: value.user ? { id: value.user.id } : null,
    };
    storage.setItem(key, JSON.stringify(record));
  } catch {
    // Quota exceeded or storage disabled: the session still works for this page's life.
  }
}
