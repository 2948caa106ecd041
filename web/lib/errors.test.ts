import { describe, expect, it } from 'vitest';
import {
  AppError,
  classifyException,
  classifyStatus,
  errorFromException,
  errorFromResponse,
  isAppError,
  parseRetryAfter,
  STATUS_TABLE,
} from './errors.ts';

const request = { url: '/api/events/7', method: 'GET' };

function response(status: number, headers: Record<string, string> = {}) {
  return new Response(null, { status, headers });
}

// The status table, copied row for row so a change to the table is a visible change to this list.
const STATUS_ROWS: Array<[number, string, string]> = [
  [400, 'bad_request', 'error'],
  [401, 'unauthorized', 'error'],
  [403, 'forbidden', 'error'],
  [404, 'not_found', 'info'],
  [409, 'conflict', 'error'],
  [422, 'validation', 'error'],
  [429, 'rate_limited', 'warning'],
  [500, 'server', 'critical'],
  [502, 'bad_gateway', 'critical'],
  [503, 'service_unavailable', 'critical'],
  [504, 'gateway_timeout', 'warning'],
  [505, 'http_version_not_supported', 'error'],
  [511, 'network_authentication_required', 'error'],
  [520, 'web_server_down', 'critical'],
  [522, 'connection_timed_out', 'warning'],
  [524, 'a_timeout_occurred', 'warning'],
  [525, 'ssl_handshake_failed', 'critical'],
  [526, 'invalid_ssl_certificate', 'critical'],
  [527, 'railgun_error', 'critical'],
  [530, 'site_is_frozen', 'error'],
  [570, 'unsupported_protocol', 'error'],
];

describe('status table', () => {
  it('has exactly the rows of the spec', () => {
    expect(Object.keys(STATUS_TABLE).map(Number).sort()).toEqual(STATUS_ROWS.map(([s]) => s));
  });

  it.each(STATUS_ROWS)('%i is %s with severity %s', (status, type, severity) => {
    expect(classifyStatus(status)).toEqual({ type, severity });
    const error = errorFromResponse(response(status), undefined, request);
    expect(error.type).toBe(type);
    expect(error.severity).toBe(severity);
    expect(error.status).toBe(status);
    expect(error.meta.statusCode).toBe(status);
  });

  it.each([402, 405, 410, 418, 451, 499, 501, 523, 599, 600])('other status %i is bad_request / error', (status) => {
    expect(classifyStatus(status)).toEqual({ type: 'bad_request', severity: 'error' });
  });

  it('a status below 400 is not an HTTP error type', () => {
    expect(classifyStatus(302).type).toBe('unknown');
  });
});

describe('errorFromResponse', () => {
  it('reads the envelope, the retry-after and x-request-id headers', () => {
    const body = {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Slow down',
      code: 'RATE_LIMITED',
      details: { limit: 5 },
      requestId: 'body-id',
    };
    const error = errorFromResponse(response(429, { 'retry-after': '42', 'x-request-id': 'req-123' }), body, {
      url: '/api/auth/login',
      method: 'POST',
    });
    expect(error).toBeInstanceOf(AppError);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('Slow down');
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.data).toEqual(body);
    expect(error.meta).toMatchObject({
      statusCode: 429,
      url: '/api/auth/login',
      method: 'POST',
      requestId: 'req-123',
      retryAfter: 42,
    });
    expect(Number.isNaN(Date.parse(error.meta.timestamp))).toBe(false);
    expect(error.id).toMatch(/^err-/);
  });

  it('falls back to the envelope request id, then to a default message', () => {
    const error = errorFromResponse(response(404), { requestId: 'from-body' }, request);
    expect(error.meta.requestId).toBe('from-body');
    expect(error.message).toBe('The requested item was not found.');
    expect(error.meta.retryAfter).toBeUndefined();
  });

  it('uses a plain-text body as the message', () => {
    expect(errorFromResponse(response(502), 'Bad gateway from proxy', request).message).toBe('Bad gateway from proxy');
  });

  it('gives every error its own id', () => {
    const a = errorFromResponse(response(500), undefined, request);
    const b = errorFromResponse(response(500), undefined, request);
    expect(a.id).not.toBe(b.id);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('errorFromException', () => {
  it('no response (failed fetch or abort) is network / warning', () => {
    for (const cause of [
      new TypeError('fetch failed'),
      new DOMException('aborted', 'AbortError'),
      { code: 'ECONNABORTED' },
    ]) {
      const error = errorFromException(cause, request);
      expect(error.type).toBe('network');
      expect(error.severity).toBe('warning');
      expect(error.status).toBeUndefined();
      expect(error.meta).toMatchObject({ url: request.url, method: 'GET', statusCode: undefined });
    }
  });

  it('a timeout is timeout / warning', () => {
    const error = errorFromException(new DOMException('too slow', 'TimeoutError'), request);
    expect(error).toMatchObject({ type: 'timeout', severity: 'warning', message: 'The request timed out.' });
    expect(classifyException({ code: 'ETIMEDOUT' }).type).toBe('timeout');
  });

  it('anything else is unknown / error, keeping its message', () => {
    const cause = new SyntaxError('Unexpected token < in JSON');
    const error = errorFromException(cause, request);
    expect(error).toMatchObject({ type: 'unknown', severity: 'error', message: 'Unexpected token < in JSON' });
    expect(error.cause).toBe(cause);
    expect(errorFromException('a string').type).toBe('unknown');
    expect(errorFromException(undefined).message).toBe('An unexpected error occurred.');
  });

  it('returns an AppError as it is', () => {
    const original = errorFromResponse(response(409), undefined, request);
    expect(errorFromException(original)).toBe(original);
  });
});

describe('isAppError', () => {
  it('recognises only AppError', () => {
    expect(isAppError(errorFromException(new TypeError('x')))).toBe(true);
    expect(isAppError(new Error('x'))).toBe(false);
    expect(isAppError({ type: 'network', message: 'x' })).toBe(false);
    expect(isAppError(null)).toBe(false);
  });
});
