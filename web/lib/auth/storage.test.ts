import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, readPersistedAuth, storageKeyFor, writePersistedAuth } from './storage.ts';
import { MemoryStorage } from './test-support.ts';

describe('storage key', () => {
  it('is named after the product', () => {
    expect(AUTH_STORAGE_KEY).toBe('firefit-canada-auth');
    expect(storageKeyFor('  Some Product! 2 ')).toBe('some-product-2-auth');
  });
});

describe('persisted record', () => {
  it('keeps only isAuthenticated, tokenExpiresAt and the user id', () => {
    const storage = new MemoryStorage();
    const user = { id: 5, email: 'a@b.ca', firstName: 'Ann', role: 'admin' };
    writePersistedAuth(storage, {
      isAuthenticated: true,
      tokenExpiresAt: '2026-05-01T12:15:00.000Z',
      user,
      accessToken: 'secret',
    } as never);
    expect(storage.keys()).toEqual(['firefit-canada-auth']);
    const raw = storage.getItem('firefit-canada-auth') ?? '';
    expect(JSON.parse(raw)).toEqual({
      isAuthenticated: true,
      tokenExpiresAt: '2026-05-01T12:15:00.000Z',
      user: { id: 5 },
    });
    expect(raw).not.toContain('secret');
    expect(raw).not.toContain('a@b.ca');
  });

  it('reads back what was written', () => {
    const storage = new MemoryStorage();
    writePersistedAuth(storage, { isAuthenticated: true, tokenExpiresAt: null, user: { id: 9 } });
    expect(readPersistedAuth(storage)).toEqual({ isAuthenticated: true, tokenExpiresAt: null, user: { id: 9 } });
  });

  it('removes the record on null', () => {
    const storage = new MemoryStorage();
    writePersistedAuth(storage, { isAuthenticated: true, tokenExpiresAt: null, user: { id: 9 } });
    writePersistedAuth(storage, null);
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('ignores records that are not ours', () => {
    const storage = new MemoryStorage();
    for (const raw of ['not json', 'null', '42', '{"isAuthenticated":"yes"}']) {
      storage.setItem(AUTH_STORAGE_KEY, raw);
      expect(readPersistedAuth(storage)).toBeNull();
    }
    storage.setItem(AUTH_STORAGE_KEY, '{"isAuthenticated":true,"tokenExpiresAt":5,"user":{"id":"x"}}');
    expect(readPersistedAuth(storage)).toEqual({ isAuthenticated: true, tokenExpiresAt: null, user: null });
  });

  it('survives a missing or failing storage', () => {
    expect(readPersistedAuth(undefined)).toBeNull();
    const broken = new MemoryStorage();
    broken.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    broken.getItem = () => {
      throw new Error('SecurityError');
    };
    expect(() => writePersistedAuth(broken, { isAuthenticated: true, tokenExpiresAt: null, user: null })).not.toThrow();
    expect(readPersistedAuth(broken)).toBeNull();
  });
});
