import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { etagOf } from './http-cache.ts';
import { cachedBytes, createReadCache, readJson } from './public-read-cache.ts';

describe('the public read cache', () => {
  it('loads once per key until the time to live has passed', async () => {
    let clock = 1_000;
    const cache = createReadCache({ ttlMs: 5_000, now: () => clock });
    const load = vi.fn(async () => clock);
    expect(await cache.read('a', load)).toBe(1_000);
    clock += 4_999;
    expect(await cache.read('a', load)).toBe(1_000);
    expect(load).toHaveBeenCalledTimes(1);
    clock += 1;
    expect(await cache.read('a', load)).toBe(6_000);
    expect(await cache.read('b', load)).toBe(6_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('shares one load between concurrent reads of a key', async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    let release: (v: string) => void = () => {};
    const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const reads = [cache.read('k', load), cache.read('k', load), cache.read('k', load)];
    release('rows');
    expect(await Promise.all(reads)).toEqual(['rows', 'rows', 'rows']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load', async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    await expect(cache.read('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.read('k', async () => 'back')).toBe('back');
  });

  it('drops the oldest key when full, and forgets everything on clear', async () => {
    const cache = createReadCache({ ttlMs: 5_000, maxEntries: 2 });
    const load = vi.fn(async () => 'x');
    await cache.read('1', load);
    await cache.read('2', load);
    await cache.read('3', load); // evicts '1'
    await cache.read('2', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.read('1', load);
    expect(load).toHaveBeenCalledTimes(4);
    cache.clear();
    await cache.read('1', load);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it('keeps an answer by URL only as long as the entry of its body, and forgets it on clear', async () => {
    let clock = 1_000;
    const cache = createReadCache({ ttlMs: 5_000, maxEntries: 2, now: () => clock });
    const body = await readJson(cache, 'k', z.number(), async () => 1);
    const answer = { body, vary: undefined, cacheControl: 'public, no-cache' };
    clock += 3_000;
    cache.remember('/a', answer);
    expect(cache.answer('/a')).toBe(answer);
    expect(cache.answer('/b')).toBeUndefined();
    clock += 2_000; // the body's entry has expired, 5 s after it was loaded (not after the answer was kept)
    expect(cache.answer('/a')).toBeUndefined();
    cache.remember('/a', answer);
    expect(cache.answer('/a')).toBeUndefined();

    const fresh = await readJson(cache, 'k', z.number(), async () => 2);
    for (const url of ['/1', '/2', '/3']) cache.remember(url, { ...answer, body: fresh });
    expect(cache.answer('/1')).toBeUndefined(); // the oldest out, at most maxEntries
    expect(cache.answer('/3')?.body).toBe(fresh);
    cache.clear();
    expect(cache.answer('/3')).toBeUndefined();
  });

  it('drops the oldest values once the loaded bytes pass maxBytes, and the oldest answers likewise', async () => {
    const cache = createReadCache({ ttlMs: 5_000, maxBytes: 2_500 });
    const load = vi.fn(async () => 'x'.repeat(1_000));
    await cache.read('1', load);
    await cache.read('2', load);
    expect(cache.has('1')).toBe(true);
    await cache.read('3', load); // 3,000 bytes: '1' goes
    expect(['1', '2', '3'].map((k) => cache.has(k))).toEqual([false, true, true]);
    await cache.read('2', load);
    expect(load).toHaveBeenCalledTimes(3);
    cache.clear();
    await cache.read('4', load); // clear forgot the bytes too: nothing more to drop
    await cache.read('5', load);
    expect(cache.has('4') && cache.has('5')).toBe(true);

    const body = await readJson(cache, 'big', z.string(), async () => 'y'.repeat(1_100));
    for (const url of ['/1', '/2', '/3']) cache.remember(url, { body, vary: undefined, cacheControl: undefined });
    expect(cache.answer('/1')).toBeUndefined();
    expect(cache.answer('/2')?.body).toBe(body);
    expect(cache.answer('/3')?.body).toBe(body);
  });

  it('counts a body by its text and compressed copies, a buffer and a string by their bytes', async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    const body = await readJson(cache, 'k', z.string(), async () => 'z'.repeat(5_000));
    expect(cachedBytes(body)).toBe(5_002 + (body.br?.byteLength ?? 0) + (body.gzip?.byteLength ?? 0));
    expect(body.br?.byteLength).toBeGreaterThan(0);
    expect(cachedBytes(Buffer.alloc(300))).toBe(300);
    expect(cachedBytes('é')).toBe(2);
    expect(cachedBytes(undefined)).toBe(0);
  });

  it('caches nothing with a time to live of 0', async () => {
    const cache = createReadCache({ ttlMs: 0 });
    const load = vi.fn(async () => 'x');
    await cache.read('k', load);
    await cache.read('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('readJson', () => {
  const schema = z.object({ id: z.number(), name: z.string() });

  it('keeps the JSON text encoded through the schema, with its ETag and when its entry expires', async () => {
    const cache = createReadCache({ ttlMs: 5_000, now: () => 1_000 });
    const body = await readJson(cache, 'k', schema, async () => ({ id: 1, name: 'Capital Cup' }));
    expect(body).toEqual({
      text: '{"id":1,"name":"Capital Cup"}',
      etag: etagOf('{"id":1,"name":"Capital Cup"}'),
      expiresAt: 6_000,
    });
    const off = createReadCache({ ttlMs: 0 });
    expect((await readJson(off, 'k', schema, async () => ({ id: 1, name: 'Capital Cup' }))).expiresAt).toBe(0);
  });

  it('passes "nothing to show" through, and refuses data that breaks the schema', async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    expect(await readJson(cache, 'missing', schema, async () => undefined)).toBeUndefined();
    await expect(readJson(cache, 'bad', schema, async () => ({ id: 'x' }) as never)).rejects.toThrow();
  });
});
