import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/contracts/accounts.ts';
import { REFRESH_COOKIE } from '../../api/modules/auth/routes.ts';
import { AUTH_MESSAGES } from '../../api/modules/auth/service.ts';
import { bearer, createTestApp, type TestApp } from '../support/app.ts';
import { insertUser } from '../support/factories.ts';
import { linkIn, type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../support/smtp.ts';

const PUBLIC_URL = 'http://portal.test';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL, AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (
  url: string,
  payload?: object,
  extra: { cookies?: Record<string, string>; headers?: Record<string, string> } = {},
) => t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), ...extra });

function refreshCookieOf(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
  if (!cookie?.value) throw new Error('no refresh cookie was set');
  return cookie.value;
}

/** The headers of an answer without those that change from one request to the next. */
const stableHeaders = (res: { headers: Record<string, unknown> }) =>
  Object.fromEntries(
    Object.entries(res.headers).filter(([name]) => !/^(date|x-request-id|x-ratelimit-.*)$/.test(name)),
  );

const mailTo = (address: string, subject: RegExp) => (mail: ReceivedMail) =>
  mail.to.some((to) => to.toLowerCase() === address.toLowerCase()) && subject.test(mail.subject);

describe('the sign-up story, through HTTP and a real SMTP server', () => {
  it('registers, verifies through the e-mailed link, signs in, rotates, detects reuse, signs out, resets the password', async () => {
    const email = 'Casey.Rivers@Example.org';
    const registered = await post('/api/auth/register', {
      email,
      password: 'first-pass',
      firstName: 'Casey',
      lastName: 'Rivers',
    });
    expect(registered.statusCode).toBe(201);
    // Only the message: the same answer as for an address that has an account (decision 025).
    expect(registered.json()).toEqual({ message: AUTH_MESSAGES.registered });
    expect(registered.body).not.toMatch(/password/i);

    const verifyMail = await smtp.waitFor(mailTo(email, /verify/i));
    const verifyLink = linkIn(verifyMail, 'verify-email');
    expect(verifyLink.origin).toBe(PUBLIC_URL);

    const tooEarly = await post('/api/auth/login', { email, password: 'first-pass' });
    expect(tooEarly.statusCode).toBe(403);
    expect(tooEarly.json().code).toBe('EMAIL_NOT_VERIFIED');

    const verified = await post(
      `/api/auth/verify-email?token=${encodeURIComponent(verifyLink.searchParams.get('token') ?? '')}`,
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(AUTH_MESSAGES.verified);
    const again = await post(
      `/api/auth/verify-email?token=${encodeURIComponent(verifyLink.searchParams.get('token') ?? '')}`,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');

    // Sign in (any case of the address), without "remember me": a browser-session cookie.
    const login = await post('/api/auth/login', { email: 'casey.rivers@example.org', password: 'first-pass' });
    expect(login.statusCode).toBe(200);
    const session = login.json();
    expect(session.user).toMatchObject({ email, isVerified: true });
    expect(new Date(session.tokenExpiresAt).getTime()).toBeGreaterThan(Date.now());
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(setCookie).not.toMatch(/Expires=/i);
    const first = refreshCookieOf(login);
    const stored = await t.database.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(first);

    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, role: 'user' });
    expect(me.json().lastLoginAt).not.toBeNull();

    // Rotation: every refresh hands out a new cookie; the old one is spent.
    const refreshed = await post('/api/auth/refresh', undefined, { cookies: { [REFRESH_COOKIE]: first } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ user: { email } });
    const second = refreshCookieOf(refreshed);
    expect(second).not.toBe(first);

    // Reuse of the spent cookie ends the whole family, including the newest token.
    const replay = await post('/api/auth/refresh', undefined, { cookies: { [REFRESH_COOKIE]: first } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_TOKEN_REUSED');
    const afterReplay = await post('/api/auth/refresh', undefined, { cookies: { [REFRESH_COOKIE]: second } });
    expect(afterReplay.statusCode).toBe(401);
    expect(afterReplay.json().code).toBe('INVALID_REFRESH_TOKEN');

    // Remember me: a lasting cookie; logout revokes it.
    const remembered = await post('/api/auth/login', { email, password: 'first-pass', rememberMe: true });
    expect(String(remembered.headers['set-cookie'])).toMatch(/Expires=/i);
    const rememberedCookie = refreshCookieOf(remembered);
    const expires = remembered.cookies.find((c) => c.name === REFRESH_COOKIE)?.expires as Date;
    expect(expires.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const logout = await post('/api/auth/logout', undefined, { cookies: { [REFRESH_COOKIE]: rememberedCookie } });
    expect(logout.statusCode).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(new RegExp(`${REFRESH_COOKIE}=;`));
    expect(
      (await post('/api/auth/refresh', undefined, { cookies: { [REFRESH_COOKIE]: rememberedCookie } })).statusCode,
    ).toBe(401);

    // A session open before the reset ends with it.
    const beforeReset = refreshCookieOf(await post('/api/auth/login', { email, password: 'first-pass' }));

    const forgot = await post('/api/auth/forgot-password', { email });
    expect(forgot.json().message).toBe(AUTH_MESSAGES.resetSent);
    const resetMail = await smtp.waitFor(mailTo(email, /reset/i));
    const token = linkIn(resetMail, 'reset-password').searchParams.get('token') ?? '';

    const validity = await t.app.inject(`/api/auth/validate-reset-token?token=${encodeURIComponent(token)}`);
    expect(validity.json()).toMatchObject({ valid: true });
    const weak = await post('/api/auth/reset-password', { token, newPassword: 'alllowercase1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toContainEqual({ field: 'body.newPassword', message: MESSAGES.newPasswordWeak });

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'Second-pass9' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(AUTH_MESSAGES.passwordReset);
    expect((await t.app.inject(`/api/auth/validate-reset-token?token=${encodeURIComponent(token)}`)).json()).toEqual({
      valid: false,
      expiresAt: null,
    });
    expect((await post('/api/auth/reset-password', { token, newPassword: 'Third-pass9' })).json().code).toBe(
      'INVALID_TOKEN',
    );
    await smtp.waitFor(mailTo(email, /password was changed/i));

    expect(
      (await post('/api/auth/refresh', undefined, { cookies: { [REFRESH_COOKIE]: beforeReset } })).statusCode,
    ).toBe(401);
    const oldPassword = await post('/api/auth/login', { email, password: 'first-pass' });
    expect(oldPassword.statusCode).toBe(401);
    expect(oldPassword.json().code).toBe('INVALID_CREDENTIALS');
    expect((await post('/api/auth/login', { email, password: 'Second-pass9' })).statusCode).toBe(200);
    await t.app.mailer.idle();
    const outbox = await t.database.db
      .selectFrom('email_outbox')
      .select(['status'])
      .where('to_address', '=', email)
      .execute();
    expect(outbox.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('answers forgot-password and resend-verification the same way whether or not the address has an account', async () => {
    await insertUser(t.database.db, { email: 'known@example.org', is_verified: true });
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('email_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('subject', 'like', 'Verify%')
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const path of ['/api/auth/forgot-password', '/api/auth/resend-verification']) {
      const before = await count();
      const unknown = await post(path, { email: 'nobody-here@example.org' });
      const alreadyVerified = await post(path, { email: 'known@example.org' });
      expect(unknown.statusCode).toBe(200);
      expect(alreadyVerified.statusCode).toBe(200);
      expect(unknown.json()).toEqual(alreadyVerified.json());
      expect(stableHeaders(unknown)).toEqual(stableHeaders(alreadyVerified));
      if (path.endsWith('resend-verification')) {
        // The work runs after the answer: wait for it to be done before counting (decision 025).
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(await count()).toBe(before);
      }
    }
    // The work happens after the answer (decision 025), and the owner still gets the link.
    await smtp.waitFor(mailTo('known@example.org', /reset/i));
    // An unverified account gets a fresh link; the earlier one stops working.
    const reg = await post('/api/auth/register', {
      email: 'late@example.org',
      password: 'secret1',
      firstName: 'Lee',
      lastName: 'Late',
    });
    expect(reg.statusCode).toBe(201);
    const firstMail = await smtp.waitFor(mailTo('late@example.org', /verify/i));
    const resent = await post('/api/auth/resend-verification', { email: 'LATE@example.org' });
    expect(resent.json().message).toBe(AUTH_MESSAGES.verificationSent);
    const secondMail = await smtp.waitFor((m) => m !== firstMail && mailTo('late@example.org', /verify/i)(m));
    const oldToken = linkIn(firstMail, 'verify-email').searchParams.get('token') ?? '';
    const newToken = linkIn(secondMail, 'verify-email').searchParams.get('token') ?? '';
    expect((await post(`/api/auth/verify-email?token=${encodeURIComponent(oldToken)}`)).statusCode).toBe(400);
    expect((await post(`/api/auth/verify-email?token=${encodeURIComponent(newToken)}`)).statusCode).toBe(200);
  });

  it('refuses expired links', async () => {
    await post('/api/auth/register', {
      email: 'slow@example.org',
      password: 'secret1',
      firstName: 'Sol',
      lastName: 'Slow',
    });
    const mail = await smtp.waitFor(mailTo('slow@example.org', /verify/i));
    await t.database.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const token = linkIn(mail, 'verify-email').searchParams.get('token') ?? '';
    const res = await post(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TOKEN');
  });
});

describe('accounts and roles at sign-up', () => {
  it('never lets a public caller choose an elevated role, but lets a super-admin', async () => {
    for (const role of ['admin', 'super-admin']) {
      const res = await post('/api/auth/register', {
        email: `want-${role}@example.org`,
        password: 'secret1',
        firstName: 'A',
        lastName: 'B',
        role,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ROLE_NOT_ALLOWED');
    }
    const admin = await insertUser(t.database.db, { role: 'admin' });
    const byAdmin = await post(
      '/api/auth/register',
      { email: 'by-admin@example.org', password: 'secret1', firstName: 'A', lastName: 'B', role: 'admin' },
      { headers: bearer(t.app, admin) },
    );
    expect(byAdmin.statusCode).toBe(403);
    const superAdmin = await insertUser(t.database.db, { role: 'super-admin' });
    const made = await post(
      '/api/auth/register',
      { email: 'new-admin@example.org', password: 'secret1', firstName: 'New', lastName: 'Admin', role: 'admin' },
      { headers: bearer(t.app, superAdmin) },
    );
    expect(made.statusCode).toBe(201);
    expect(made.json().user.role).toBe('admin');
    const asUser = await post('/api/auth/register', {
      email: 'plain@example.org',
      password: 'secret1',
      firstName: 'P',
      lastName: 'L',
      role: 'user',
    });
    expect(asUser.statusCode).toBe(201);
    expect(
      await t.database.db.selectFrom('users').select('role').where('email', '=', 'plain@example.org').execute(),
    ).toEqual([{ role: 'user' }]);
    const count = await t.database.db.selectFrom('users').select('id').where('email', 'like', 'want-%').execute();
    expect(count).toEqual([]);
  });

  it('makes no second account for an address in any case, answers exactly as for a free one, and tells the owner', async () => {
    const first = await post('/api/auth/register', {
      email: 'twin@example.org',
      password: 'secret1',
      firstName: 'Tam',
      lastName: 'One',
    });
    const twin = await post('/api/auth/register', {
      email: 'TWIN@Example.org',
      password: 'secret2',
      firstName: 'T',
      lastName: 'Two',
    });
    const free = await post('/api/auth/register', {
      email: 'nobody-had-this@example.org',
      password: 'secret2',
      firstName: 'T',
      lastName: 'Two',
    });
    // Identical answers (decision 025): status, body and headers other than the per-request ones.
    const comparable = (res: typeof twin) => ({ status: res.statusCode, body: res.body, headers: stableHeaders(res) });
    expect(comparable(twin)).toEqual(comparable(free));
    expect(comparable(first)).toEqual(comparable(free));
    const accounts = await t.database.db
      .selectFrom('users')
      .select(['first_name'])
      .where('email', 'ilike', 'twin@example.org')
      .execute();
    expect(accounts).toEqual([{ first_name: 'Tam' }]);
    const told = await smtp.waitFor(mailTo('twin@example.org', /already have/i));
    expect(told.text).toContain('No second account was made');
    expect(told.text).toContain(`${PUBLIC_URL}/forgot-password`);
  });

  it('keeps deactivated accounts out: no sign-in, no refresh, no use of a live access token', async () => {
    const user = await insertUser(t.database.db, {
      email: 'benched@example.org',
      password_hash: await hash('secret1'),
      is_verified: true,
    });
    const login = await post('/api/auth/login', { email: 'benched@example.org', password: 'secret1' });
    expect(login.statusCode).toBe(200);
    const cookie = refreshCookieOf(login);
    await t.database.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    const again = await post('/api/auth/login', { email: 'benched@example.org', password: 'secret1' });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('ACCOUNT_DEACTIVATED');
    // The wrong password says nothing about the account's state.
    expect((await post('/api/auth/login', { email: 'benched@example.org', password: 'wrong-one' })).json().code).toBe(
      'INVALID_CREDENTIALS',
    );
    const refresh = await post('/api/auth/refresh', undefined, { cookies: { [REFRESH_COOKIE]: cookie } });
    expect(refresh.statusCode).toBe(401);
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${login.json().accessToken}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('answers a refresh without a cookie, or with a made-up one, with 401', async () => {
    const none = await post('/api/auth/refresh');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('REFRESH_TOKEN_MISSING');
    const madeUp = await post('/api/auth/refresh', undefined, { cookies: { [REFRESH_COOKIE]: 'not-a-token' } });
    expect(madeUp.json().code).toBe('INVALID_REFRESH_TOKEN');
  });
});

describe('validation messages of the account forms', () => {
  const problems = async (url: string, payload?: object) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    return res.json().details as Array<{ field: string; message: string }>;
  };

  it('gives the exact message for each rule', async () => {
    expect(await problems('/api/auth/forgot-password', {})).toContainEqual({
      field: 'body.email',
      message: 'Email is required',
    });
    expect(await problems('/api/auth/forgot-password', { email: '' })).toContainEqual({
      field: 'body.email',
      message: 'Email is required',
    });
    expect(await problems('/api/auth/forgot-password', { email: 'not-an-address' })).toContainEqual({
      field: 'body.email',
      message: 'Please enter a valid email address',
    });
    expect(await problems('/api/auth/forgot-password', { email: `${'a'.repeat(250)}@x.ca` })).toContainEqual({
      field: 'body.email',
      message: MESSAGES.emailTooLong,
    });
    expect(await problems('/api/auth/reset-password', { newPassword: 'Abcdefg1' })).toContainEqual({
      field: 'body.token',
      message: 'Reset token is required',
    });
    expect(await problems('/api/auth/reset-password', { token: 'x' })).toContainEqual({
      field: 'body.newPassword',
      message: 'New password is required',
    });
    expect(await problems('/api/auth/reset-password', { token: 'x', newPassword: 'Ab1' })).toContainEqual({
      field: 'body.newPassword',
      message: 'Password must be at least 8 characters long',
    });
    expect(await problems('/api/auth/reset-password', { token: 'x', newPassword: 'abcdefgh' })).toContainEqual({
      field: 'body.newPassword',
      message: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    });
    expect(await problems('/api/auth/verify-email')).toContainEqual({
      field: 'querystring.token',
      message: 'Token is required',
    });
    const validateReset = await t.app.inject('/api/auth/validate-reset-token');
    expect(validateReset.json().details).toContainEqual({
      field: 'querystring.token',
      message: 'Reset token is required',
    });
    expect(await problems('/api/auth/login', { email: 'a@b.ca', password: '12345' })).toContainEqual({
      field: 'body.password',
      message: MESSAGES.passwordTooShort,
    });
    expect(
      await problems('/api/auth/login', { email: 'a@b.ca', password: 'secret1', rememberMe: 'yes' }),
    ).toContainEqual({ field: 'body.rememberMe', message: MESSAGES.rememberMeInvalid });
    const register = await problems('/api/auth/register', {
      email: 'a@b.ca',
      password: '123',
      firstName: ' ',
      role: 'chief',
    });
    expect(register).toEqual(
      expect.arrayContaining([
        { field: 'body.password', message: MESSAGES.passwordTooShort },
        { field: 'body.firstName', message: MESSAGES.firstNameRequired },
        { field: 'body.lastName', message: MESSAGES.lastNameRequired },
        { field: 'body.role', message: MESSAGES.roleInvalid },
      ]),
    );
  });
});

describe('rate limits', () => {
  it('answers the sign-in, sign-up and recovery calls with 429 and retry-after once a client goes over the limit', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const calls: Array<[string, object]> = [
        ['/api/auth/login', { email: 'x@example.org', password: 'secret1' }],
        ['/api/auth/register', { email: 'y@example.org', password: 'secret1', firstName: 'Y', lastName: 'Z' }],
        ['/api/auth/forgot-password', { email: 'x@example.org' }],
        ['/api/auth/resend-verification', { email: 'x@example.org' }],
        ['/api/auth/reset-password', { token: 'nope', newPassword: 'Abcdefg1' }],
      ];
      for (const [url, payload] of calls) {
        for (let i = 0; i < 3; i++) {
          const ok = await limited.app.inject({ method: 'POST', url, payload });
          expect(ok.statusCode, url).not.toBe(429);
        }
        const over = await limited.app.inject({ method: 'POST', url, payload });
        expect(over.statusCode, url).toBe(429);
        expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
        expect(over.json()).toMatchObject({
          statusCode: 429,
          code: 'RATE_LIMITED',
          details: { retryAfter: expect.any(Number) },
        });
        expect(over.json().requestId).toBe(over.headers['x-request-id']);
      }
      // Reads of public pages are never limited.
      for (let i = 0; i < 10; i++) expect((await limited.app.inject('/api/events/upcoming')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('keeps the message in the outbox with its link, so a local user can still verify', async () => {
    const local = await createTestApp();
    try {
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'offline@example.org', password: 'secret1', firstName: 'O', lastName: 'F' },
      });
      expect(res.statusCode).toBe(201);
      const row = await local.database.db.selectFrom('email_outbox').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ to_address: 'offline@example.org', status: 'outbox' });
      const token = /verify-email\?token=([\w-]+)/.exec(row.text_body)?.[1] ?? '';
      expect(
        (await local.app.inject({ method: 'POST', url: `/api/auth/verify-email?token=${token}` })).statusCode,
      ).toBe(200);
    } finally {
      await local.close();
    }
  });
});
