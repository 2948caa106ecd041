import { describe, expect, it } from 'vitest';
import { coalescedRefetch } from './coalesced-refetch.ts';

describe('coalescedRefetch', () => {
  it('reads at once, and once more after the read when changes came meanwhile, never more', async () => {
    const pending: (() => void)[] = [];
    let reads = 0;
    const refetch = coalescedRefetch(
      () =>
        new Promise<void>((resolve) => {
          reads += 1;
          pending.push(resolve);
        }),
    );
    refetch();
    expect(reads).toBe(1);
    refetch();
    refetch();
    refetch();
    expect(reads).toBe(1);
    pending.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    pending.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    refetch();
    expect(reads).toBe(3);
  });

  it('goes on after a failed read', async () => {
    let reads = 0;
    const refetch = coalescedRefetch(async () => {
      reads += 1;
      throw new Error('offline');
    });
    refetch();
    await new Promise((r) => setTimeout(r, 0));
    refetch();
    expect(reads).toBe(2);
  });
});
