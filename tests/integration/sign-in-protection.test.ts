import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LOCK } from '../../api/modules/auth/sign-in-failures.ts';
import { appOn, createTestApp, type TestApp } from '../support/app.ts';
import { insertUser } from '../support/factories.ts';

const login = (t: TestApp, email: string, password: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

let n = 0;
const madeUpAddress = () => `203.0.113.${++n % 250}`;

describe('the per-address limit with no trusted proxy (the default, decision 025)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
  });
  afterAll(() => t?.close());

  it('is not dodged by a different made-up X-Forwarded-For on each attempt', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await login(t, 'nobody@example.org', 'Wrong-pass1', madeUpAddress())).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // app.inject comes from 127.0.0.1: the proxy in front of the app.
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => t?.close());

  it('names the client: each client address has its own bucket', async () => {
    for (const client of ['198.51.100.1', '198.51.100.2']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(t, 'nobody@example.org', 'Wrong1a', client)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    }
  });
});

describe('the per-account lock on failed sign-ins (decision 025)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every attempt from a different client address, through a trusted proxy: the per-address limit
    // never triggers, as with an attacker rotating through many real addresses.
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => t?.close());

  const lockMails = (email: string) =>
    t.database.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', email)
      .where('subject', 'like', '%paused%')
      .execute();

  it('locks the account across addresses, answers like a wrong password, mails the owner once', async () => {
    const user = await insertUser(t.database.db, { password_hash: await hash('Right-pass1') });
    for (let i = 0; i < SIGN_IN_LOCK.maxFailures; i++) {
      const wrong = await login(t, user.email, `Wrong-pass${i}`, madeUpAddress());
      expect(wrong.statusCode).toBe(401);
    }
    const lockedOut = await login(t, user.email, 'Right-pass1', madeUpAddress());
    const wrongAnswer = await login(t, user.email, 'Wrong-again1', madeUpAddress());
    expect(lockedOut.statusCode).toBe(401);
    // The same answer as a wrong password (the request id aside): a stranger learns nothing.
    const { requestId: _a, ...lockedBody } = lockedOut.json();
    const { requestId: _b, ...wrongBody } = wrongAnswer.json();
    expect(lockedBody).toEqual(wrongBody);
    expect(lockedBody.code).toBe('INVALID_CREDENTIALS');
    // The owner is told, once, with a way to choose a new password.
    const mails = await lockMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain('/forgot-password');

    // The lock ends by itself; then the right password works and the count starts again.
    await t.database.db
      .updateTable('sign_in_failures')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await login(t, user.email, 'Right-pass1', madeUpAddress())).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('sign_in_failures')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('resets the count on a successful sign-in, so an owner who mistypes now and then is never locked', async () => {
    const user = await insertUser(t.database.db, { password_hash: await hash('Right-pass2') });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < SIGN_IN_LOCK.maxFailures - 1; i++) {
        expect((await login(t, user.email, 'Typo-pass1', madeUpAddress())).statusCode).toBe(401);
      }
      expect((await login(t, user.email, 'Right-pass2', madeUpAddress())).statusCode).toBe(200);
    }
    expect(await lockMails(user.email)).toHaveLength(0);
  });

  it('locks once under a burst of concurrent wrong passwords', async () => {
    const user = await insertUser(t.database.db, { password_hash: await hash('Right-pass3') });
    const burst = await Promise.all(
      Array.from({ length: SIGN_IN_LOCK.maxFailures * 3 }, () => login(t, user.email, 'Guess-pass1', madeUpAddress())),
    );
    expect(burst.every((r) => r.statusCode === 401)).toBe(true);
    expect((await login(t, user.email, 'Right-pass3', madeUpAddress())).statusCode).toBe(401);
    expect(await lockMails(user.email)).toHaveLength(1);
  });
});

describe('two instances on one database (decision 076)', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' } });
    other = await appOn(t.database, { env: { AUTH_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });
  const loginOn = (app: FastifyInstance, client: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.org', password: 'Wrong-pass1' },
      headers: { 'x-forwarded-for': client },
    });

  it('share one count per address: attempts alternating between them still get AUTH_RATE_LIMIT in all', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await loginOn(i % 2 ? other : t.app, '198.51.100.7')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    const limited = await loginOn(other, '198.51.100.7');
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own count.
    expect((await loginOn(other, '198.51.100.8')).statusCode).toBe(401);
  });

  it('start a new count once the window has ended, and prune ended windows', async () => {
    for (let i = 0; i < 4; i++) await loginOn(t.app, '198.51.100.9');
    expect((await loginOn(other, '198.51.100.9')).statusCode).toBe(429);
    // The window ends (moved back rather than waited for): the next attempt counts from 1 again.
    await t.database.db
      .updateTable('rate_limit_counters')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key', 'like', '%198.51.100.9')
      .execute();
    expect((await loginOn(other, '198.51.100.9')).statusCode).toBe(401);
    expect((await loginOn(t.app, '198.51.100.9')).statusCode).toBe(401);
    // Ended windows of other addresses go as attempts keep coming (a delete every 100 per instance).
    await t.database.db
      .updateTable('rate_limit_counters')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    for (let i = 0; i < 200; i++) await loginOn(i % 2 ? other : t.app, '192.0.2.1'); // 429s past the fourth: cheap
    const left = await t.database.db
      .selectFrom('rate_limit_counters')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('expires_at', '<', new Date())
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});
