import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../api/domain/errors.ts';
import { append, NOTIFY_CHANNEL, readAll, readStream, streamVersion } from '../../api/event-store/store.ts';
import { testDatabase } from '../support/app.ts';
import type { TestDatabase } from '../support/database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

const meta = (extra: Record<string, unknown> = {}) => ({ actorId: null, ...extra });

/** Listens on the notify channel through whichever database the harness chose. */
async function listen(onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  if (database.pglite) {
    const stop = await database.pglite.listen(NOTIFY_CHANNEL, onPayload);
    return stop;
  }
  const client = new pg.Client({ connectionString: database.url });
  client.on('error', () => {}); // a lost connection fails the query instead (decision 024)
  await client.connect();
  client.on('notification', (n) => onPayload(n.payload ?? ''));
  await client.query(`listen ${NOTIFY_CHANNEL}`);
  return () => client.end();
}

describe('event store', () => {
  it('appends at the expected version, reads streams back in order and refuses stale versions with the current one', async () => {
    const { db } = database;
    const first = await db.transaction().execute((trx) =>
      append(trx, {
        streamId: 'test:1',
        streamType: 'test',
        expectedVersion: 0,
        events: [
          { type: 'Opened', data: { n: 1 } },
          { type: 'Noted', data: { n: 2 } },
        ],
        metadata: meta(),
      }),
    );
    expect(first.version).toBe(2);
    expect(first.events.map((e) => [e.version, e.type])).toEqual([
      [1, 'Opened'],
      [2, 'Noted'],
    ]);
    const stale = db.transaction().execute((trx) =>
      append(trx, {
        streamId: 'test:1',
        streamType: 'test',
        expectedVersion: 1,
        events: [{ type: 'Late', data: {} }],
        metadata: meta(),
      }),
    );
    await expect(stale).rejects.toMatchObject({
      statusCode: 409,
      code: 'VERSION_CONFLICT',
      details: { currentVersion: 2, expectedVersion: 1 },
    });
    expect(await streamVersion(db, 'test:1')).toBe(2);
    expect((await readStream(db, 'test:1', 1)).map((e) => e.data)).toEqual([{ n: 2 }]);
    expect((await readStream(db, 'test:1', 0, 1)).map((e) => e.type)).toEqual(['Opened']);
  });

  it('appends a retried command once and answers it with the first outcome', async () => {
    const { db } = database;
    const command = {
      streamId: 'test:2',
      streamType: 'test',
      expectedVersion: 0,
      events: [{ type: 'Opened', data: {} }],
      metadata: meta({ commandId: 'cmd-abc' }),
    };
    const once = await db.transaction().execute((trx) => append(trx, command));
    const twice = await db.transaction().execute((trx) => append(trx, command));
    expect(once.duplicate).toBe(false);
    expect(twice).toMatchObject({ duplicate: true, version: 1 });
    expect(twice.events.map((e) => e.globalPosition)).toEqual(once.events.map((e) => e.globalPosition));
    expect(await readStream(db, 'test:2')).toHaveLength(1);
    const elsewhere = db.transaction().execute((trx) => append(trx, { ...command, streamId: 'test:3' }));
    await expect(elsewhere).rejects.toMatchObject({ code: 'COMMAND_ID_REUSED' });
  });

  it('leaves nothing behind when the surrounding transaction fails, and announces only committed appends', async () => {
    const { db } = database;
    const heard: Array<{ streamId: string; version: number }> = [];
    const stop = await listen((payload) => heard.push(JSON.parse(payload)));
    try {
      await expect(
        db.transaction().execute(async (trx) => {
          await append(trx, {
            streamId: 'test:4',
            streamType: 'test',
            expectedVersion: 0,
            events: [{ type: 'Opened', data: {} }],
            metadata: meta(),
          });
          throw new DomainError(422, 'LATER_RULE', 'a later step failed');
        }),
      ).rejects.toThrow('a later step failed');
      expect(await readStream(db, 'test:4')).toEqual([]);
      await db.transaction().execute((trx) =>
        append(trx, {
          streamId: 'test:5',
          streamType: 'test',
          expectedVersion: 0,
          events: [{ type: 'Opened', data: {} }],
          metadata: meta(),
        }),
      );
      for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual([expect.objectContaining({ streamId: 'test:5', version: 1, streamType: 'test' })]);
    } finally {
      await stop();
    }
  });

  it('pages through the whole log by stream type in commit order', async () => {
    const { db } = database;
    await db.transaction().execute((trx) =>
      append(trx, {
        streamId: 'other:1',
        streamType: 'other',
        expectedVersion: 0,
        events: [{ type: 'X', data: {} }],
        metadata: meta(),
      }),
    );
    const tests = await readAll(db, { streamTypes: ['test'] });
    expect(tests.every((e) => e.streamType === 'test')).toBe(true);
    const positions = (await readAll(db)).map((e) => e.globalPosition);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const secondPage = await readAll(db, { afterPosition: positions[1], limit: 2 });
    expect(secondPage.map((e) => e.globalPosition)).toEqual(positions.slice(2, 4));
  });

  it('lets exactly one of many racing appends at the same version win', async () => {
    const { db } = database;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction().execute((trx) =>
          append(trx, {
            streamId: 'test:race',
            streamType: 'test',
            expectedVersion: 0,
            events: [{ type: 'Claimed', data: { by: i } }],
            metadata: meta(),
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes)
      if (o.status === 'rejected') expect(o.reason).toMatchObject({ statusCode: 409, code: 'VERSION_CONFLICT' });
    expect(await readStream(db, 'test:race')).toHaveLength(1);
  });
});
