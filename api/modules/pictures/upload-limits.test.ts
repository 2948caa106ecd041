import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.ts';
import { createLimiter } from './upload-limits.ts';

/** A job that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('createLimiter (the image queue, decision 029)', () => {
  it('runs at most N jobs at once, the rest in arrival order, and every job finishes', async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 6 }, gate);
    const results = gates.map((g, i) =>
      limiter.run(async () => {
        running += 1;
        most = Math.max(most, running);
        started.push(i);
        await g.opened;
        running -= 1;
        return i * 10;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.running).toBe(2);
    expect(limiter.waiting).toBe(4);
    // Let them finish one by one, out of order: a free place goes to the next in line.
    for (const i of [1, 0, 3, 2, 5, 4]) {
      gates[i]?.open();
      await new Promise((resolve) => setImmediate(resolve));
      expect(running).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(limiter.running).toBe(0);
    expect(limiter.waiting).toBe(0);
  });

  it('frees the place of a job that fails', async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error('corrupt image')))).rejects.toThrow('corrupt image');
    expect(await limiter.run(async () => 'next')).toBe('next');
    expect(limiter.running).toBe(0);
  });

  it('refuses a job with 503 UPLOADS_BUSY when too many already wait', async () => {
    const limiter = createLimiter(1, 2);
    const g = gate();
    const first = limiter.run(() => g.opened);
    const waiting = [limiter.run(async () => 1), limiter.run(async () => 2)];
    const refused = limiter.run(async () => 3);
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ statusCode: 503, code: 'UPLOADS_BUSY' });
    g.open();
    await first;
    expect(await Promise.all(waiting)).toEqual([1, 2]);
  });

  it('needs at least one place', () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});
