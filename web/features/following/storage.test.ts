import { describe, expect, it } from 'vitest';
import { FOLLOW_CAP, type Followed, parseFollowed, withFollowed, withoutFollowed } from './storage.ts';

const riley: Followed = { kind: 'competitor', id: 7 };
const kamloops: Followed = { kind: 'department', id: 7 };

describe('the followed list on the device', () => {
  it('reads nothing from a missing, corrupt or foreign value', () => {
    for (const raw of [null, '', '{', 'null', '42', '"x"', '{"kind":"competitor","id":1}', 'undefined'])
      expect(parseFollowed(raw)).toEqual([]);
  });

  it('keeps the valid entries of a list and drops the rest', () => {
    const raw = JSON.stringify([
      riley,
      null,
      { kind: 'team', id: 3 },
      { kind: 'competitor', id: '8' },
      { kind: 'competitor', id: 0 },
      { kind: 'competitor', id: 1.5 },
      { kind: 'competitor', id: 2_147_483_648 },
      kamloops,
    ]);
    expect(parseFollowed(raw)).toEqual([riley, kamloops]);
  });

  it('drops duplicates, keeps a competitor and a department of the same id apart', () => {
    expect(parseFollowed(JSON.stringify([riley, kamloops, { ...riley }, kamloops]))).toEqual([riley, kamloops]);
  });

  it('reads at most the cap, and nothing of a huge value', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ kind: 'competitor', id: i + 1 }));
    expect(parseFollowed(JSON.stringify(many))).toHaveLength(FOLLOW_CAP);
    expect(parseFollowed(`[${'{"kind":"competitor","id":1},'.repeat(100_000)}null]`)).toEqual([]);
  });

  it('adds once, refuses past the cap, removes', () => {
    expect(withFollowed([], riley)).toEqual([riley]);
    expect(withFollowed([riley], { ...riley })).toEqual([riley]);
    const full = Array.from({ length: FOLLOW_CAP }, (_, i): Followed => ({ kind: 'competitor', id: i + 100 }));
    expect(withFollowed(full, riley)).toBe('full');
    expect(withFollowed(full, full[3] as Followed)).toEqual(full);
    expect(withoutFollowed([riley, kamloops], riley)).toEqual([kamloops]);
  });
});
