import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_BASE,
  apiGet,
  apiGetBlob,
  apiSend,
  configureApi,
  DEFAULT_TIMEOUT_MS,
  getApiConfig,
  onApiError,
  sendsBearerToken,
  setAccessTokenProvider,
  setUnauthorizedHandler,
  UNAUTHENTICATED_AUTH_CALLS,
} from './api.ts';
import { type AppError, isAppError } from './errors.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let origin: string;
let seen: Seen[] = [];
let validToken = 'token-1';

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  switch (url.pathname) {
    case '/api/echo':
      return json(res, 200, {
        method: req.method,
        query: Object.fromEntries(url.searchParams),
        body: body ? JSON.parse(body) : null,
      });
    case '/api/empty':
      res.writeHead(204);
      return res.end();
    case '/api/picture':
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(Buffer.from([137, 80, 78, 71]));
    case '/api/limited':
      return json(
        res,
        429,
        {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Rate limit exceeded, retry in 1 minute',
          code: 'RATE_LIMITED',
          requestId: 'body-id',
        },
        { 'retry-after': '60', 'x-request-id': 'req-abc' },
      );
    case '/api/missing':
      return json(
        res,
        404,
        {
          statusCode: 404,
          error: 'Not Found',
          message: 'Event not found',
          code: 'EVENT_NOT_FOUND',
          requestId: 'r-404',
        },
        { 'x-request-id': 'r-404' },
      );
    case '/api/broken':
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end('');
    case '/api/slow':
      return setTimeout(() => json(res, 200, { late: true }), 1_000).unref();
    case '/api/private':
      if (req.headers.authorization === `Bearer ${validToken}`) return json(res, 200, { ok: true });
      return json(res, 401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Token expired',
        code: 'UNAUTHORIZED',
        requestId: 'r-401',
      });
    default:
      if (req.headers['x-fail'] === '401')
        return json(res, 401, {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'No',
          code: 'UNAUTHORIZED',
          requestId: 'r',
        });
      return json(res, 200, { path: url.pathname });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const errors: AppError[] = [];
let stopListening: () => void = () => {};

beforeEach(() => {
  seen = [];
  errors.length = 0;
  validToken = 'token-1';
  configureApi({ baseUrl: `${origin}/api`, timeoutMs: DEFAULT_TIMEOUT_MS });
  setAccessTokenProvider(() => 'token-1');
  setUnauthorizedHandler(undefined);
  stopListening = onApiError((error) => errors.push(error));
});

afterEach(() => {
  stopListening();
  setAccessTokenProvider(undefined);
  vi.restoreAllMocks();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (e) {
    if (isAppError(e)) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

describe('configuration', () => {
  it('defaults to /api and 30 s', () => {
    expect(API_BASE).toBe('/api');
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    configureApi({ baseUrl: '/api' });
    expect(getApiConfig().baseUrl).toBe('/api');
  });
});

describe('bearer token', () => {
  it('is added to ordinary calls, including /auth/me and /auth/logout', async () => {
    await apiGet('/events/upcoming');
    await apiGet('/auth/me');
    await apiSend('POST', '/auth/logout');
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-1', 'Bearer token-1']);
  });

  it.each(UNAUTHENTICATED_AUTH_CALLS)('is left off /auth/%s', async (name) => {
    await apiSend('POST', `/auth/${name}`, { email: 'a@b.ca' }, { query: { token: 'abc' } });
    expect(seen[0]?.url).toBe(`/api/auth/${name}?token=abc`);
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('covers exactly the eight calls of the spec', () => {
    expect([...UNAUTHENTICATED_AUTH_CALLS].sort()).toEqual([
      'forgot-password',
      'login',
      'refresh',
      'register',
      'resend-verification',
      'reset-password',
      'validate-reset-token',
      'verify-email',
    ]);
    expect(sendsBearerToken('/auth/verify-email?token=x')).toBe(false);
    expect(sendsBearerToken('/auth/login/')).toBe(false);
    expect(sendsBearerToken('/users/login')).toBe(true);
    expect(sendsBearerToken('/auth/login/history')).toBe(true);
  });

  it('is read from an async provider and left off when there is no token', async () => {
    setAccessTokenProvider(async () => 'async-token');
    await apiGet('/a');
    setAccessTokenProvider(() => undefined);
    await apiGet('/b');
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer async-token', undefined]);
  });
});

describe('requests', () => {
  it('always asks for cookies to be sent', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    await apiGet('/echo');
    await apiSend('POST', '/auth/login', { email: 'x' });
    expect(spy).toHaveBeenCalledTimes(2);
    for (const [, init] of spy.mock.calls) expect(init?.credentials).toBe('include');
  });

  it('builds the query string from options.query, on top of one already in the path', async () => {
    const result = await apiGet<{ query: Record<string, string> }>('/echo?page=2', {
      query: { isActive: true, status: ['Confirmed', 'Firm'], departmentId: undefined, search: '' },
    });
    expect(result.query).toEqual({ page: '2', isActive: 'true', status: 'Confirmed,Firm' });
  });

  it('sends JSON bodies with every method', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const result = await apiSend<{ method: string; body: unknown }>(method, '/echo', { position: 3 });
      expect(result).toEqual({ method, query: {}, body: { position: 3 } });
    }
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends no body and no content type when there is no body (POST /auth/refresh)', async () => {
    await apiSend('POST', '/auth/refresh');
    expect(seen[0]?.body).toBe('');
    expect(seen[0]?.headers['content-type']).toBeUndefined();
  });

  it('sends FormData as multipart', async () => {
    const form = new FormData();
    form.append('picture', new Blob(['png'], { type: 'image/png' }), 'a.png');
    await apiSend('POST', '/events/1/picture', form);
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('answers undefined for an empty response', async () => {
    await expect(apiSend('DELETE', '/empty')).resolves.toBeUndefined();
  });

  it('reads binary answers as a Blob', async () => {
    const blob = await apiGetBlob('/picture');
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([137, 80, 78, 71]);
  });
});

describe('errors', () => {
  it('builds the error object from the envelope and the retry-after and x-request-id headers', async () => {
    const error = await failure(apiSend('POST', '/limited', { a: 1 }));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ type: 'rate_limited', severity: 'warning', status: 429, code: 'RATE_LIMITED' });
    expect(error.message).toBe('Rate limit exceeded, retry in 1 minute');
    expect(error.meta).toMatchObject({
      statusCode: 429,
      method: 'POST',
      url: `${origin}/api/limited`,
      requestId: 'req-abc',
      retryAfter: 60,
    });
    expect((error.data as { requestId: string }).requestId).toBe('body-id');
  });

  it('throws on 404 so the caller decides', async () => {
    const error = await failure(apiGet('/missing'));
    expect(error).toMatchObject({ type: 'not_found', severity: 'info', status: 404, code: 'EVENT_NOT_FOUND' });
    expect(error.meta.requestId).toBe('r-404');
  });

  it('gives a default message when the body is empty', async () => {
    const error = await failure(apiGet('/broken'));
    expect(error).toMatchObject({
      type: 'server',
      severity: 'critical',
      message: 'An unexpected server error occurred.',
    });
  });

  it('is a network error when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    configureApi({ baseUrl: `http://127.0.0.1:${port}/api` });
    const error = await failure(apiGet('/anything'));
    expect(error).toMatchObject({ type: 'network', severity: 'warning', status: undefined });
    expect(error.meta.url).toBe(`http://127.0.0.1:${port}/api/anything`);
  });

  it('is a timeout error when the server is slower than the timeout', async () => {
    configureApi({ timeoutMs: 50 });
    const error = await failure(apiGet('/slow'));
    expect(error).toMatchObject({ type: 'timeout', severity: 'warning', message: 'The request timed out.' });
  });
});

describe('onApiError', () => {
  it('hears every failed call, and no successful one', async () => {
    await apiGet('/echo');
    await failure(apiGet('/missing'));
    await failure(apiSend('PATCH', '/limited'));
    expect(errors.map((e) => e.status)).toEqual([404, 429]);
  });

  it('stays quiet for silent calls and for calls the caller cancelled', async () => {
    await failure(apiGet('/missing', { silent: true }));
    const controller = new AbortController();
    const pending = failure(apiGet('/slow', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    const error = await pending;
    expect(error.type).toBe('network');
    expect(errors).toEqual([]);
  });

  it('stops hearing after unsubscribing', async () => {
    stopListening();
    await failure(apiGet('/missing'));
    expect(errors).toEqual([]);
  });
});

describe('401 handling', () => {
  it('repeats the call once after a successful refresh', async () => {
    validToken = 'token-2';
    let token = 'token-1';
    setAccessTokenProvider(() => token);
    const handler = vi.fn(async () => {
      token = 'token-2';
      return true;
    });
    setUnauthorizedHandler(handler);
    await expect(apiGet('/private')).resolves.toEqual({ ok: true });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(errors).toEqual([]);
  });

  it('reports the 401 when the refresh fails, and never repeats more than once', async () => {
    validToken = 'never';
    const handler = vi.fn(async () => true);
    setUnauthorizedHandler(handler);
    const error = await failure(apiGet('/private'));
    expect(error.type).toBe('unauthorized');
    expect(handler).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
    expect(errors).toHaveLength(1);
  });

  it('does not refresh for the public auth calls', async () => {
    const handler = vi.fn(async () => true);
    setUnauthorizedHandler(handler);
    const error = await failure(apiSend('POST', '/auth/refresh', undefined, { headers: { 'x-fail': '401' } }));
    expect(error.type).toBe('unauthorized');
    await failure(apiSend('POST', '/auth/login', { email: 'a@b.ca' }, { headers: { 'x-fail': '401' } }));
    expect(handler).not.toHaveBeenCalled();
    expect(errors).toHaveLength(2);
  });
});
