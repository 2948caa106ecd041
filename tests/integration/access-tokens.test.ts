import { createHmac } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFRESH_COOKIE } from '../../api/modules/auth/routes.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/app.ts';
import { insertUser } from '../support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(() => t?.close());

/** A token signed with the app's own secret, with exactly the claims given: what a leaked key or a bug could mint. */
function rawToken(claims: Record<string, unknown>, secret = TEST_JWT_SECRET): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

const me = (token: string) => t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

async function signIn(email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '';
  return { accessToken: res.json().accessToken as string, cookie };
}

async function accountWithPassword(password: string) {
  return insertUser(t.database.db, { password_hash: await hash(password), is_verified: true });
}

describe('access tokens (decision 025)', () => {
  it('answers 401, never 500, for a sub that is not a positive whole number', async () => {
    const user = await accountWithPassword('pass-word-1');
    const { accessToken } = await signIn(user.email, 'pass-word-1');
    const { sid } = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString());
    const exp = Math.floor(Date.now() / 1000) + 600;
    for (const sub of ['abc', `${user.id}`, -1, 0, 1.5, 2 ** 31, 2 ** 53 + 2, null, [user.id], { id: user.id }, true]) {
      const res = await me(rawToken({ sub, role: 'user', sid, exp }));
      expect(res.statusCode, JSON.stringify(sub)).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    for (const badSid of ['not-a-uuid', 42, '', null, "'; drop table users; --"]) {
      const res = await me(rawToken({ sub: user.id, role: 'user', sid: badSid, exp }));
      expect(res.statusCode, JSON.stringify(badSid)).toBe(401);
    }
    // The same claims, well formed, get through.
    expect((await me(rawToken({ sub: user.id, role: 'user', sid, exp }))).statusCode).toBe(200);
  });

  it('refuses a token without exp, and one without a session id', async () => {
    const user = await accountWithPassword('pass-word-2');
    const { accessToken } = await signIn(user.email, 'pass-word-2');
    const { sid } = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString());
    const noExp = await me(rawToken({ sub: user.id, role: 'user', sid, iat: Math.floor(Date.now() / 1000) }));
    expect(noExp.statusCode).toBe(401);
    expect(noExp.json().code).toBe('UNAUTHORIZED');
    const noSid = await me(rawToken({ sub: user.id, role: 'user', exp: Math.floor(Date.now() / 1000) + 600 }));
    expect(noSid.statusCode).toBe(401);
    // A session id of another account's session does not lend it to this one.
    const other = await accountWithPassword('pass-word-3');
    const otherSession = await signIn(other.email, 'pass-word-3');
    const otherSid = JSON.parse(Buffer.from(otherSession.accessToken.split('.')[1] ?? '', 'base64url').toString()).sid;
    const borrowed = rawToken({ sub: user.id, role: 'user', sid: otherSid, exp: Math.floor(Date.now() / 1000) + 600 });
    expect((await me(borrowed)).statusCode).toBe(401);
  });

  it('ends the access tokens of a sign-in at logout, at once, and leaves the other sign-ins alone', async () => {
    const user = await accountWithPassword('pass-word-4');
    const phone = await signIn(user.email, 'pass-word-4');
    const laptop = await signIn(user.email, 'pass-word-4');
    expect((await me(phone.accessToken)).statusCode).toBe(200);
    // A rotated access token belongs to the same session as the first one.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { [REFRESH_COOKIE]: phone.cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    const phoneLater = refreshed.json().accessToken as string;
    const phoneCookie = refreshed.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '';

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { [REFRESH_COOKIE]: phoneCookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(phone.accessToken)).statusCode).toBe(401);
    expect((await me(phoneLater)).statusCode).toBe(401);
    expect((await me(laptop.accessToken)).statusCode).toBe(200);
  });

  it('ends every access token of the account at a password reset', async () => {
    const user = await accountWithPassword('pass-word-5');
    const a = await signIn(user.email, 'pass-word-5');
    const b = await signIn(user.email, 'pass-word-5');
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    // The link is written just after the answer (decision 025).
    const mail = await vi.waitUntil(() =>
      t.database.db
        .selectFrom('email_outbox')
        .select('text_body')
        .where('to_address', '=', user.email)
        .where('subject', 'like', 'Reset%')
        .executeTakeFirst(),
    );
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text_body)?.[1] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'Pass-word-5-new' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(a.accessToken)).statusCode).toBe(401);
    expect((await me(b.accessToken)).statusCode).toBe(401);
    const fresh = await signIn(user.email, 'Pass-word-5-new');
    expect((await me(fresh.accessToken)).statusCode).toBe(200);
  });

  it('ends the access tokens of a session whose refresh token was replayed', async () => {
    const user = await accountWithPassword('pass-word-6');
    const first = await signIn(user.email, 'pass-word-6');
    const refresh = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: first.cookie } });
    expect((await refresh()).statusCode).toBe(200);
    expect((await refresh()).statusCode).toBe(401);
    expect((await me(first.accessToken)).statusCode).toBe(401);
  });
});
