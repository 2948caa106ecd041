import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockEmbeddedDatabase } from './embedded-lock.ts';

const folder = mkdtempSync(path.join(os.tmpdir(), 'ff-lock-unit-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the embedded database lock (decision 075)', () => {
  it('gives a folder to one holder, names it to the next, and passes it on once released', async () => {
    const first = await lockEmbeddedDatabase(folder, 'server');
    const refused = await lockEmbeddedDatabase(folder, 'db-backup').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    expect((refused as DatabaseInUseError).owner).toMatchObject({ pid: process.pid, role: 'server' });
    expect((refused as Error).message).toMatch(
      new RegExp(`^The embedded database in ${folder} is in use by the server \\(pid ${process.pid}, since `),
    );
    await first.release();
    const second = await lockEmbeddedDatabase(folder, 'migrate');
    const named = await lockEmbeddedDatabase(folder, 'server').catch((error: DatabaseInUseError) => error.message);
    expect(named).toContain(`in use by the tool migrate (pid ${process.pid}`);
    expect(named).toContain('wait for it to end');
    await second.release();
  });

  it('of many takers at once, exactly one wins', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => lockEmbeddedDatabase(folder, 'server')));
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(DatabaseInUseError);
    await (won[0] as PromiseFulfilledResult<{ release(): Promise<void> }>).value.release();
  });
});
