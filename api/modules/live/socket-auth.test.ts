import { describe, expect, it } from 'vitest';
import { audienceOf, refreshedAuth, type SocketAuth } from './socket-auth.ts';

const auth: SocketAuth = {
  userId: 3,
  sessionId: '0b6f7c1e-8d2a-4c3b-9e5f-1a2b3c4d5e6f',
  role: 'admin',
  name: 'Ada Admin',
  admin: true,
  expiresAt: null,
};

describe('socket sign-in', () => {
  it('shows admins everything and anyone else, signed in or not, the public view', () => {
    expect(audienceOf(auth)).toBe('admin');
    expect(audienceOf({ ...auth, role: 'user', admin: false })).toBe('public');
    expect(audienceOf(null)).toBe('public');
  });

  it('follows the account as it is now: signed out when inactive, new role and name when they changed', () => {
    expect(refreshedAuth(auth, undefined)).toBeNull();
    expect(refreshedAuth(auth, { id: 3, role: 'admin', name: 'Ada Admin' })).toBe(auth);
    expect(refreshedAuth(auth, { id: 3, role: 'user', name: 'Ada Admin' })).toEqual({
      ...auth,
      role: 'user',
      admin: false,
    });
    expect(refreshedAuth(auth, { id: 3, role: 'super-admin', name: 'Ada Lovelace' })).toEqual({
      ...auth,
      role: 'super-admin',
      name: 'Ada Lovelace',
    });
  });
});
