import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailBodySchema,
  loginBodySchema,
  messageSchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  resetTokenQuerySchema,
  resetTokenValiditySchema,
  type SessionDto,
  sessionSchema,
  userSchema,
  verifyTokenQuerySchema,
} from '../../contracts/accounts.ts';
import { errorEnvelopeSchema } from '../../contracts/common.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { optionalCaller } from '../../plugins/access.ts';
import { userById } from '../users/queries.ts';
import * as auth from './service.ts';
import { sharedRateLimitStore } from './shared-rate-limit.ts';

export const REFRESH_COOKIE = 'firefit_refresh';
/** The cookie goes only to the auth calls that read it, never to the rest of the API. */
const REFRESH_COOKIE_PATH = '/api/auth';

const errors = (...statuses: Array<400 | 401 | 403 | 404 | 409 | 422 | 429>) =>
  Object.fromEntries(statuses.map((s) => [s, errorEnvelopeSchema])) as Record<number, typeof errorEnvelopeSchema>;

/** Sign-up, sign-in, sessions and account recovery (docs/decisions/012, 013). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so every instance shares one count per address (decision 076).
    store: sharedRateLimitStore(app.db),
    // One bucket per client address and route; the answer is the usual envelope with retry-after.
    errorResponseBuilder: (_request, context) =>
      new DomainError(429, 'RATE_LIMITED', `Too many attempts. Try again in ${context.after}.`, {
        retryAfter: Math.ceil(context.ttl / 1000),
      }),
  });
  const limited = { max: app.config.authRateLimit, timeWindow: '1 minute' };
  // Work that runs after the answer (decision 025); closing the app waits for it.
  const jobs = new Set<Promise<void>>();
  const afterAnswer = (job: () => Promise<void>) => {
    // setImmediate: the answer is written before the work starts.
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(job)
      .catch((error: unknown) => app.log.error({ err: error }, 'account e-mail work failed'))
      .finally(() => jobs.delete(running));
    jobs.add(running);
  };
  app.addHook('onClose', async () => {
    while (jobs.size > 0) await Promise.allSettled([...jobs]);
  });
  const ctx = (): auth.AuthContext => ({
    db: app.db,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    afterAnswer,
  });
  const client = (request: FastifyRequest): auth.ClientInfo => ({
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  const secureCookie = app.config.env === 'production';

  const accessTokenFor = (signedIn: auth.SignedIn): SessionDto => {
    const ttl = app.config.accessTokenTtlSeconds;
    const accessToken = app.jwt.sign(
      { sub: signedIn.user.id, role: signedIn.user.role, sid: signedIn.sessionId },
      { expiresIn: ttl },
    );
    return { accessToken, tokenExpiresAt: new Date(Date.now() + ttl * 1000).toISOString(), user: signedIn.user };
  };
  const startSession = (reply: FastifyReply, signedIn: auth.SignedIn): SessionDto => {
    reply.setCookie(REFRESH_COOKIE, signedIn.refreshToken, {
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      secure: secureCookie,
      sameSite: 'strict',
      // Without "remember me" the cookie ends with the browser session (and the server ends it after a day).
      ...(signedIn.rememberMe ? { expires: signedIn.refreshExpiresAt } : {}),
    });
    reply.header('cache-control', 'no-store');
    return accessTokenFor(signedIn);
  };
  const endSession = (reply: FastifyReply) => {
    reply.clearCookie(REFRESH_COOKIE, {
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      secure: secureCookie,
      sameSite: 'strict',
    });
  };

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public', rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary:
          'Create an account (role user; only a super-admin may create admin accounts) and send the verification e-mail',
        body: registerBodySchema,
        response: { 201: registerResponseSchema, ...errors(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const role = request.body.role ?? 'user';
      if (role !== 'user') {
        const caller = await optionalCaller(app, request);
        if (caller?.role !== 'super-admin') {
          throw new DomainError(
            403,
            'ROLE_NOT_ALLOWED',
            'Only a super-admin can create admin or super-admin accounts.',
          );
        }
      }
      // A public sign-up never learns whether the address had an account; a super-admin making an
      // elevated account does (decision 025).
      const elevated = role !== 'user';
      const user = await auth.register(ctx(), request.body, role, { revealTaken: elevated });
      return reply
        .code(201)
        .send(
          elevated && user
            ? { message: auth.AUTH_MESSAGES.registered, user }
            : { message: auth.AUTH_MESSAGES.registered },
        );
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Sign in: the access token in the body, the refresh token in an httpOnly cookie',
        body: loginBodySchema,
        response: { 200: sessionSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => startSession(reply, await auth.login(ctx(), request.body, client(request))),
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh cookie and get a new access token (empty body)',
        response: { 200: sessionSchema, ...errors(401) },
      },
    },
    async (request, reply) => {
      try {
        return startSession(reply, await auth.refresh(ctx(), request.cookies[REFRESH_COOKIE], client(request)));
      } catch (error) {
        endSession(reply);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'End this sign-in (its whole refresh family)',
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const result = await auth.logout(ctx(), request.cookies[REFRESH_COOKIE]);
      endSession(reply);
      return result;
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { access: 'user' },
      schema: { tags: ['auth'], summary: 'The signed-in account', response: { 200: userSchema, ...errors(401) } },
    },
    async (request, reply) => {
      const user = await userById(app.db, request.user.sub);
      if (!user) throw notFound('User', 'USER_NOT_FOUND');
      reply.header('cache-control', 'no-store');
      return user;
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      config: { access: 'public', rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification link (same answer whether or not the address has an account)',
        body: emailBodySchema,
        response: { 200: messageSchema, ...errors(400, 429) },
      },
    },
    async (request) => auth.resendVerification(ctx(), request.body.email),
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address with the token of the link',
        querystring: verifyTokenQuerySchema,
        response: { 200: messageSchema, ...errors(400) },
      },
    },
    async (request) => auth.verifyEmail(ctx(), request.query.token),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link (same answer whether or not the address has an account)',
        body: emailBodySchema,
        response: { 200: messageSchema, ...errors(400, 429) },
      },
    },
    async (request) => auth.forgotPassword(ctx(), request.body.email),
  );

  app.get(
    '/api/auth/validate-reset-token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link can still be used',
        querystring: resetTokenQuerySchema,
        response: { 200: resetTokenValiditySchema, ...errors(400) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.validateResetToken(ctx(), request.query.token);
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public', rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the token of the reset link; ends every session',
        body: resetPasswordBodySchema,
        response: { 200: messageSchema, ...errors(400, 429) },
      },
    },
    async (request) => auth.resetPassword(ctx(), request.body.token, request.body.newPassword),
  );
};
