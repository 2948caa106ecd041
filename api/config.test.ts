import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadServerConfig, resolveJwtSecret } from './config.ts';

const bad = (env: NodeJS.ProcessEnv) => () => loadConfig(env);

describe('configuration', () => {
  it('has the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.siteTimeZone).toBe('America/Toronto');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data/pglite') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.jwtSecret).toBeUndefined();
    expect(config.metricsToken).toBeUndefined();
  });

  it('chooses the database from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).database).toEqual({ kind: 'pglite', dataDir: undefined });
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/app',
      statementTimeoutMs: 15000,
      connectTimeoutMs: 5000,
    });
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/app', DATABASE_STATEMENT_TIMEOUT_MS: '2500' }).database,
    ).toMatchObject({ statementTimeoutMs: 2500 });
    expect(loadConfig({ DATA_DIR: '/srv/ff' }).database).toEqual({ kind: 'pglite', dataDir: '/srv/ff/pglite' });
  });

  it('bounds every outside connection and shutdown, with defaults (decision 072)', () => {
    const defaults = loadConfig({});
    expect(defaults.legacyTimeouts).toEqual({ connectMs: 5000, queryMs: 15000 });
    expect(defaults).toMatchObject({ smtpTimeoutMs: 30000, shutdownTimeoutMs: 10000 });
    const set = loadConfig({
      DATABASE_URL: 'postgres://db/app',
      DATABASE_CONNECT_TIMEOUT_MS: '700',
      LEGACY_CONNECT_TIMEOUT_MS: '300',
      LEGACY_QUERY_TIMEOUT_MS: '900',
      SMTP_TIMEOUT_MS: '400',
      SHUTDOWN_TIMEOUT_MS: '2000',
    });
    expect(set.database).toMatchObject({ connectTimeoutMs: 700 });
    expect(set).toMatchObject({
      legacyTimeouts: { connectMs: 300, queryMs: 900 },
      smtpTimeoutMs: 400,
      shutdownTimeoutMs: 2000,
    });
    expect(() => loadConfig({ LEGACY_QUERY_TIMEOUT_MS: '0' })).toThrow(
      'Invalid configuration: LEGACY_QUERY_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000',
    );
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_MS must be a whole number/);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number from 0 to 65535'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be a whole number from 0 to 65535'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL, or memory:// for a throwaway embedded database',
    ],
    [
      { DATABASE_STATEMENT_TIMEOUT_MS: '50' },
      'Invalid configuration: DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000',
    ],
    [
      { UPLOAD_CONCURRENCY: '0' },
      'Invalid configuration: UPLOAD_CONCURRENCY must be a whole number of uploads from 1 to 16',
    ],
    [
      { UPLOAD_RATE_LIMIT: 'many' },
      'Invalid configuration: UPLOAD_RATE_LIMIT must be a whole number of uploads per 10 minutes from 1 to 10000',
    ],
    [{ JWT_SECRET: 'short' }, 'Invalid configuration: JWT_SECRET must be at least 32 characters long'],
    [{ PUBLIC_URL: 'ftp://x' }, 'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL'],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [
      { SITE_TIMEZONE: 'Mars/Olympus' },
      'Invalid configuration: SITE_TIMEZONE must be an IANA time zone such as America/Toronto',
    ],
    [{ SMTP_URL: 'http://mail' }, 'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL'],
    [
      { LEGACY_DATABASE_URL: 'postgres://x' },
      'Invalid configuration: LEGACY_DATABASE_URL must be a mysql:// or mariadb:// URL',
    ],
    [
      { METRICS_TOKEN: 'short' },
      'Invalid configuration: METRICS_TOKEN must be at least 32 printable characters without spaces',
    ],
    [
      { METRICS_TOKEN: `with a space ${'x'.repeat(32)}` },
      'Invalid configuration: METRICS_TOKEN must be at least 32 printable characters without spaces',
    ],
  ])('names the bad variable in one line: %o', (env, message) => {
    expect(bad(env)).toThrow(ConfigError);
    expect(bad(env)).toThrow(message);
  });

  it('requires JWT_SECRET in production for the server only: the tools sign no token (decision 077)', () => {
    expect(() => loadServerConfig({ NODE_ENV: 'production' })).toThrow(
      new ConfigError('Invalid configuration: JWT_SECRET is required when NODE_ENV=production'),
    );
    expect(loadServerConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).env).toBe('production');
    expect(loadConfig({ NODE_ENV: 'production' }).jwtSecret).toBeUndefined();
  });

  it("accepts the later issues' settings now", () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://mail:25',
      LEGACY_DATABASE_URL: 'mysql://root@127.0.0.1:3306/legacy',
    });
    expect(config.smtpUrl).toBe('smtp://mail:25');
    expect(config.legacyDatabaseUrl).toBe('mysql://root@127.0.0.1:3306/legacy');
  });

  it('trusts no proxy unless TRUST_PROXY names one: a hop count, or addresses and ranges (decision 025)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    const rule =
      'Invalid configuration: TRUST_PROXY must be a number of proxy hops from 1 to 10, or a comma-separated list of proxy addresses or ranges (10.0.0.5, 172.16.0.0/12, loopback)';
    for (const value of [
      '0',
      '11',
      'true',
      '*',
      '10.0.0.0/33',
      '::1/129',
      '1.2.3',
      '10.0.0.1,',
      '10.0.0.0/8/1',
      '10.0.0.0/',
    ]) {
      expect(bad({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(bad({ TRUST_PROXY: value }), value).toThrow(rule);
    }
    expect(bad({ TRUST_PROXY: 'proxy.internal' })).toThrow('"proxy.internal" is neither');
  });

  it('loads demo data by default only into an embedded database outside production (decision 025)', () => {
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/app' }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).seedDemoData).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SEED_DEMO_DATA: 'true' }).seedDemoData,
    ).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(bad({ SEED_DEMO_DATA: 'yes' })).toThrow('Invalid configuration: SEED_DEMO_DATA must be true or false');
  });

  it('generates a JWT secret once and keeps it in the data folder', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ff-config-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveJwtSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dir }))).toBe(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    const given = 'x'.repeat(40);
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dir, JWT_SECRET: given }))).toBe(given);
  });

  describe('secret settings from files (*_FILE, decision 076)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ff-secrets-'));
    const file = (name: string, text: string) => {
      const at = path.join(dir, name);
      writeFileSync(at, text);
      return at;
    };

    it('reads a secret from its file, without the trailing newline', () => {
      const secret = 's'.repeat(40);
      const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET_FILE: file('jwt', `${secret}\n`) });
      expect(config.jwtSecret).toBe(secret);
      expect(loadConfig({ METRICS_TOKEN_FILE: file('metrics', 'm'.repeat(32)) }).metricsToken).toBe('m'.repeat(32));
      expect(loadConfig({ DATABASE_URL_FILE: file('url', 'postgres://u:p@db/app\n') }).database).toMatchObject({
        kind: 'postgres',
        url: 'postgres://u:p@db/app',
      });
    });

    it('puts DATABASE_PASSWORD, from a file or not, into DATABASE_URL', () => {
      const password = 'p@ss:w/rd';
      expect(
        loadConfig({ DATABASE_URL: 'postgres://firefit@db:5432/firefit', DATABASE_PASSWORD_FILE: file('db', password) })
          .database,
      ).toMatchObject({ url: `postgres://firefit:${encodeURIComponent(password)}@db:5432/firefit` });
      const url = new URL(
        (
          loadConfig({ DATABASE_URL: 'postgres://firefit@db/firefit', DATABASE_PASSWORD: password }).database as {
            url: string;
          }
        ).url,
      );
      expect(decodeURIComponent(url.password)).toBe(password);
      expect(bad({ DATABASE_PASSWORD: 'x' })).toThrow(
        'Invalid configuration: DATABASE_PASSWORD needs DATABASE_URL to be a postgres:// or postgresql:// URL',
      );
      expect(bad({ DATABASE_URL: 'postgres://u:p@db/app', DATABASE_PASSWORD: 'x' })).toThrow(
        'DATABASE_URL has a password and DATABASE_PASSWORD is set; set only one',
      );
    });

    it('is a clear ConfigError when the file is missing, unreadable or empty, or the setting is given twice', () => {
      const missing = path.join(dir, 'nowhere');
      expect(bad({ JWT_SECRET_FILE: missing })).toThrow(ConfigError);
      expect(bad({ JWT_SECRET_FILE: missing })).toThrow(
        `Invalid configuration: JWT_SECRET_FILE (${missing}) cannot be read (ENOENT)`,
      );
      expect(bad({ SMTP_URL_FILE: dir })).toThrow(
        `Invalid configuration: SMTP_URL_FILE (${dir}) cannot be read (EISDIR)`,
      );
      const locked = file('locked', 'x'.repeat(40));
      chmodSync(locked, 0o000);
      if (process.getuid?.() !== 0) {
        expect(bad({ JWT_SECRET_FILE: locked })).toThrow(`JWT_SECRET_FILE (${locked}) cannot be read (EACCES)`);
      }
      expect(bad({ LEGACY_DATABASE_URL_FILE: file('empty', '\n') })).toThrow(
        `Invalid configuration: LEGACY_DATABASE_URL_FILE (${path.join(dir, 'empty')}) is empty`,
      );
      expect(bad({ JWT_SECRET: 'x'.repeat(40), JWT_SECRET_FILE: file('both', 'y'.repeat(40)) })).toThrow(
        'Invalid configuration: JWT_SECRET and JWT_SECRET_FILE are both set; set only one',
      );
      // What the file holds is checked as the variable would be.
      expect(bad({ JWT_SECRET_FILE: file('short', 'short') })).toThrow(
        'Invalid configuration: JWT_SECRET must be at least 32 characters long',
      );
    });
  });
});
