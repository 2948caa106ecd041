import { describe, expect, it } from 'vitest';
import { ROLES as CONTRACT_ROLES } from '../../../api/contracts/accounts.ts';
import { ROLES, roleAtLeast, roleLabel } from './roles.ts';

describe('portal roles', () => {
  it('restates exactly the roles of the contract', () => {
    expect([...ROLES].sort()).toEqual([...CONTRACT_ROLES].sort());
  });

  it('ranks super-admin over admin over user, and unknown roles below all', () => {
    expect(roleAtLeast('super-admin', 'admin')).toBe(true);
    expect(roleAtLeast('admin', 'super-admin')).toBe(false);
    expect(roleAtLeast('user', 'user')).toBe(true);
    expect(roleAtLeast('chief', 'user')).toBe(false);
    expect(roleLabel('super-admin')).toBe('Super admin');
  });
});
