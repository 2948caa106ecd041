import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  emailBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordFormSchema,
  verifyTokenQuerySchema,
} from '../../../api/contracts/accounts.ts';
import { AppError } from '../../lib/errors.ts';
import { FORGOT_PASSWORD_SENT_TEXT } from './copy.ts';
import {
  createOnce,
  firstInvalid,
  isInvalidTokenError,
  newPasswordChecks,
  retryAfterText,
  SIGN_IN_FALLBACK_MESSAGE,
  serverFieldErrors,
  signInErrorView,
  validateForm,
} from './form.ts';
import { initialsOf } from './initials.ts';

describe('form schema messages', () => {
  it('sign-in: valid email, password of at least 6 characters', () => {
    expect(validateForm(loginBodySchema, { email: '', password: '' }).errors).toEqual({
      email: 'Email is required',
      password: 'Password must be at least 6 characters long',
    });
    expect(validateForm(loginBodySchema, { email: 'not-an-email', password: '12345' }).errors).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters long',
    });
    const ok = validateForm(loginBodySchema, {
      email: '  casey@firehall.example ',
      password: 'secret',
      rememberMe: true,
    });
    expect(ok).toMatchObject({
      ok: true,
      data: { email: 'casey@firehall.example', password: 'secret', rememberMe: true },
    });
  });

  it('register: names required, password of at least 6 characters', () => {
    expect(
      validateForm(registerBodySchema, { email: 'a@b.ca', password: 'abc', firstName: ' ', lastName: '' }).errors,
    ).toEqual({
      password: 'Password must be at least 6 characters long',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it('forgot password: the exact email messages', () => {
    expect(validateForm(emailBodySchema, { email: '' }).errors).toEqual({ email: 'Email is required' });
    expect(validateForm(emailBodySchema, {}).errors).toEqual({ email: 'Email is required' });
    expect(validateForm(emailBodySchema, { email: 'nope' }).errors).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('reset password: the exact messages, in order of the rules', () => {
    const errors = (form: Record<string, string>) => validateForm(resetPasswordFormSchema, form).errors;
    expect(errors({ token: '', newPassword: '', confirmPassword: '' })).toEqual({
      token: 'Reset token is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your new password',
    });
    expect(errors({ token: 't', newPassword: 'Ab1', confirmPassword: 'Ab1' }).newPassword).toBe(
      'Password must be at least 8 characters long',
    );
    expect(errors({ token: 't', newPassword: 'alllowercase1', confirmPassword: 'alllowercase1' }).newPassword).toBe(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    );
    expect(errors({ token: 't', newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(
      validateForm(resetPasswordFormSchema, { token: 't', newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' }).ok,
    ).toBe(true);
  });

  it('verify email: Token is required', () => {
    expect(validateForm(verifyTokenQuerySchema, { token: undefined }).errors).toEqual({ token: 'Token is required' });
    expect(validateForm(verifyTokenQuerySchema, { token: '   ' }).errors).toEqual({ token: 'Token is required' });
  });

  it('finds the first invalid field in form order', () => {
    expect(firstInvalid({ password: 'x', email: 'y' }, ['email', 'password'])).toBe('email');
    expect(firstInvalid({}, ['email'])).toBeUndefined();
  });
});

describe('server answers', () => {
  const error = (
    status: number,
    code: string,
    message: string,
    extra: Partial<ConstructorParameters<typeof AppError>[0]> = {},
  ) => new AppError({ message, type: 'bad_request', severity: 'error', status, code, ...extra });

  it('maps the envelope field problems to form fields', () => {
    const e = error(400, 'VALIDATION_ERROR', 'Invalid', {
      data: {
        details: [
          { field: 'body.email', message: 'Taken' },
          { field: 'body.role', message: 'No' },
          { field: 'body.email', message: 'Second' },
          'junk',
        ],
      },
    });
    expect(serverFieldErrors(e, ['email', 'password'])).toEqual({ email: 'Taken' });
    expect(serverFieldErrors(new Error('x'), ['email'])).toEqual({});
  });

  it('offers to resend the link only for an unverified e-mail', () => {
    expect(signInErrorView(error(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email'))).toEqual({
      message: 'Please verify your email',
      offerResend: true,
      retryAfter: undefined,
    });
    expect(signInErrorView(error(401, 'INVALID_CREDENTIALS', 'Invalid email or password')).offerResend).toBe(false);
    expect(signInErrorView(error(403, 'ACCOUNT_DEACTIVATED', 'This account has been deactivated')).message).toBe(
      'This account has been deactivated',
    );
  });

  it('says how long to wait when rate limited', () => {
    const limited = error(429, 'RATE_LIMITED', 'Too many attempts', { meta: { retryAfter: 90 } });
    expect(signInErrorView(limited).retryAfter).toBe(90);
    expect(retryAfterText(90)).toBe('Please wait 2 minutes before trying again.');
    expect(retryAfterText(60)).toBe('Please wait 1 minute before trying again.');
    expect(retryAfterText(1)).toBe('Please wait 1 second before trying again.');
    expect(retryAfterText(30)).toBe('Please wait 30 seconds before trying again.');
    expect(retryAfterText(undefined)).toBeUndefined();
    expect(retryAfterText(0)).toBeUndefined();
  });

  it('falls back to a plain message for anything else', () => {
    expect(signInErrorView(new Error('boom')).message).toBe(SIGN_IN_FALLBACK_MESSAGE);
  });

  it('recognises a refused token link', () => {
    expect(isInvalidTokenError(error(400, 'INVALID_TOKEN', 'Invalid or expired token'))).toBe(true);
    expect(isInvalidTokenError(error(404, 'NOT_FOUND', 'x'))).toBe(true);
    expect(isInvalidTokenError(new AppError({ message: 'x', type: 'server', severity: 'critical', status: 500 }))).toBe(
      false,
    );
  });
});

describe('display helpers', () => {
  it('makes initials from the name, else the e-mail', () => {
    expect(initialsOf({ firstName: 'casey', lastName: 'Nguyen' })).toBe('CN');
    expect(initialsOf({ firstName: 'Casey', lastName: '' })).toBe('C');
    expect(initialsOf({ firstName: '', lastName: '', email: 'zed@x.ca' })).toBe('Z');
    expect(initialsOf({})).toBe('?');
  });

  it('checks the new-password rules while typing', () => {
    expect(newPasswordChecks('', 8).map((c) => c.met)).toEqual([false, false, false, false]);
    expect(newPasswordChecks('Abcdefg1', 8).map((c) => c.met)).toEqual([true, true, true, true]);
    expect(newPasswordChecks('abc', 8).map((c) => c.label)).toEqual([
      'At least 8 characters',
      'An uppercase letter',
      'A lowercase letter',
      'A number',
    ]);
  });

  it('words the forgot-password success the same for every address', () => {
    expect(FORGOT_PASSWORD_SENT_TEXT).toMatch(/^If an account exists for that address/);
  });
});

describe('createOnce (verification links are single-use)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends one call per key however often it is asked (StrictMode mounts twice)', async () => {
    const task = vi.fn(async (key: string) => `verified ${key}`);
    const once = createOnce(task);
    const [a, b] = [once('t1'), once('t1')];
    expect(a).toBe(b);
    await expect(a).resolves.toBe('verified t1');
    await once('t1');
    await once('t2');
    expect(task.mock.calls.map(([key]) => key)).toEqual(['t1', 't2']);
  });

  it('keeps a refusal but forgets a failure that may pass next time', async () => {
    let attempt = 0;
    const task = vi.fn(async (key: string) => {
      attempt += 1;
      if (key === 'bad')
        throw new AppError({ message: 'Invalid', type: 'bad_request', severity: 'error', status: 400 });
      if (attempt === 2) throw new AppError({ message: 'Offline', type: 'network', severity: 'warning' });
      return 'ok';
    });
    const once = createOnce(task, { forgetIf: (e) => e instanceof AppError && e.type === 'network' });
    await expect(once('bad')).rejects.toThrow('Invalid');
    await expect(once('bad')).rejects.toThrow('Invalid');
    await expect(once('good')).rejects.toThrow('Offline');
    await expect(once('good')).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(3);
  });
});
