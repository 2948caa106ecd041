import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a terminated backend (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a crashed server (57P02)', withCode('57P02')],
    ['a server starting or stopping (57P03)', withCode('57P03', 'the database system is starting up')],
    ['too many connections (53300)', withCode('53300')],
    ['a connection exception (08006)', withCode('08006')],
    ['a protocol violation (08P01)', withCode('08P01')],
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    ['a broken pipe', withCode('EPIPE')],
    ['a timeout', withCode('ETIMEDOUT')],
    ['an unknown host', withCode('ENOTFOUND', 'getaddrinfo ENOTFOUND db')],
    ["pg's lost connection", new Error('Connection terminated unexpectedly')],
    ["pg-pool's connect timeout", new Error('Connection terminated due to connection timeout')],
    ["pg's connect timeout", new Error('timeout expired')],
    ["pg-pool's wait timeout", new Error('timeout exceeded when trying to connect')],
    ['a dead client', new Error('Client has encountered a connection error and is not queryable')],
    ['a statement past statement_timeout (57014)', withCode('57014', 'canceling statement due to statement timeout')],
    ["pg's query_timeout on a stalled network", new Error('Query read timeout')],
    ['our own start-up error', Object.assign(new Error('Cannot reach'), { name: 'DatabaseUnavailableError' })],
    ['a wrapped cause', new Error('query failed', { cause: withCode('ECONNRESET') })],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
  ])('%s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a cancelled statement (57014)', withCode('57014')],
    ['a serialization failure', withCode('40001')],
    ['a NUL byte in text (22021)', withCode('22021')],
    ['a plain error', new Error('boom')],
    ['a message that looks alike but has a SQL code', withCode('XX000', 'Connection terminated unexpectedly')],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
    ['undefined', undefined],
  ])('not %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('does not loop on a cause that refers to itself', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("recognises pg's own error for a server that is not there", async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    const error = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
