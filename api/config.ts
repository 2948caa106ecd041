import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** One line that names the bad variable, so a mistyped setting is obvious at start-up. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function hasProtocol(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The names proxy-addr (Fastify's trustProxy) knows for whole ranges. */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One address, or an address with a prefix length (CIDR), IPv4 or IPv6. */
function isAddressOrRange(entry: string): boolean {
  if (TRUST_PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const TRUST_PROXY_MESSAGE =
  'must be a number of proxy hops from 1 to 10, or a comma-separated list of proxy addresses or ranges (10.0.0.5, 172.16.0.0/12, loopback)';

/** Unset or empty: no proxy is trusted, and the client address is the TCP peer (decision 025). */
const trustProxySchema = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const text = v?.trim() ?? '';
    if (text === '') return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops >= 1 && hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
      return z.NEVER;
    }
    const entries = text.split(',').map((e) => e.trim());
    const bad = entries.find((e) => !isAddressOrRange(e));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_MESSAGE}; "${bad || '(empty)'}" is neither` });
      return z.NEVER;
    }
    return entries;
  });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A duration in milliseconds from min to max, with a default: one message names the range. */
const milliseconds = (min: number, max: number, fallback: number) => {
  const message = `must be a whole number of milliseconds from ${min} to ${max}`;
  return z.coerce.number({ message }).int(message).min(min, message).max(max, message).default(fallback);
};

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalText.refine(
    (v) => v === undefined || v === 'memory://' || hasProtocol(v, ['postgres:', 'postgresql:']),
    'must be a postgres:// or postgresql:// URL, or memory:// for a throwaway embedded database',
  ),
  JWT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters long'),
  PUBLIC_URL: optionalText.refine(
    (v) => v === undefined || hasProtocol(v, ['http:', 'https:']),
    'must be an http:// or https:// URL',
  ),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json'], { message: 'must be pretty or json' }).optional(),
  SITE_TIMEZONE: z
    .string()
    .default('America/Toronto')
    .refine(isTimeZone, 'must be an IANA time zone such as America/Toronto'),
  SMTP_URL: optionalText.refine(
    (v) => v === undefined || hasProtocol(v, ['smtp:', 'smtps:']),
    'must be an smtp:// or smtps:// URL',
  ),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds from 5 to 86400' })
    .int('must be a whole number of seconds from 5 to 86400')
    .min(5, 'must be a whole number of seconds from 5 to 86400')
    .max(86400, 'must be a whole number of seconds from 5 to 86400')
    .default(900),
  AUTH_RATE_LIMIT: z.coerce
    .number({ message: 'must be a whole number of requests per minute from 1 to 10000' })
    .int('must be a whole number of requests per minute from 1 to 10000')
    .min(1, 'must be a whole number of requests per minute from 1 to 10000')
    .max(10000, 'must be a whole number of requests per minute from 1 to 10000')
    .default(10),
  LIVE_HEARTBEAT_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds from 50 to 600000' })
    .int('must be a whole number of milliseconds from 50 to 600000')
    .min(50, 'must be a whole number of milliseconds from 50 to 600000')
    .max(600000, 'must be a whole number of milliseconds from 50 to 600000')
    .default(30000),
  LIVE_SOCKETS_PER_ADDRESS: z.coerce
    .number({ message: 'must be a whole number of sockets from 1 to 100000' })
    .int('must be a whole number of sockets from 1 to 100000')
    .min(1, 'must be a whole number of sockets from 1 to 100000')
    .max(100000, 'must be a whole number of sockets from 1 to 100000')
    .default(500),
  LIVE_SUBSCRIPTIONS_PER_ADDRESS: z.coerce
    .number({ message: 'must be a whole number of subscriptions from 1 to 1000000' })
    .int('must be a whole number of subscriptions from 1 to 1000000')
    .min(1, 'must be a whole number of subscriptions from 1 to 1000000')
    .max(1000000, 'must be a whole number of subscriptions from 1 to 1000000')
    .default(5000),
  TRUST_PROXY: trustProxySchema,
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds from 100 to 600000' })
    .int('must be a whole number of milliseconds from 100 to 600000')
    .min(100, 'must be a whole number of milliseconds from 100 to 600000')
    .max(600000, 'must be a whole number of milliseconds from 100 to 600000')
    .default(15000),
  UPLOAD_CONCURRENCY: z.coerce
    .number({ message: 'must be a whole number of uploads from 1 to 16' })
    .int('must be a whole number of uploads from 1 to 16')
    .min(1, 'must be a whole number of uploads from 1 to 16')
    .max(16, 'must be a whole number of uploads from 1 to 16')
    .default(2),
  UPLOAD_RATE_LIMIT: z.coerce
    .number({ message: 'must be a whole number of uploads per 10 minutes from 1 to 10000' })
    .int('must be a whole number of uploads per 10 minutes from 1 to 10000')
    .min(1, 'must be a whole number of uploads per 10 minutes from 1 to 10000')
    .max(10000, 'must be a whole number of uploads per 10 minutes from 1 to 10000')
    .default(20),
  DOCUMENT_WORKERS: z.coerce
    .number({ message: 'must be a whole number of threads from 1 to 16' })
    .int('must be a whole number of threads from 1 to 16')
    .min(1, 'must be a whole number of threads from 1 to 16')
    .max(16, 'must be a whole number of threads from 1 to 16')
    .default(1),
  DOCUMENT_QUEUE_LIMIT: z.coerce
    .number({ message: 'must be a whole number of documents from 0 to 1000' })
    .int('must be a whole number of documents from 0 to 1000')
    .min(0, 'must be a whole number of documents from 0 to 1000')
    .max(1000, 'must be a whole number of documents from 0 to 1000')
    .default(20),
  DOCUMENT_RATE_LIMIT: z.coerce
    .number({ message: 'must be a whole number of documents per minute from 1 to 10000' })
    .int('must be a whole number of documents per minute from 1 to 10000')
    .min(1, 'must be a whole number of documents per minute from 1 to 10000')
    .max(10000, 'must be a whole number of documents per minute from 1 to 10000')
    .default(20),
  SEED_DEMO_DATA: z
    .enum(['true', 'false', ''], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined)),
  METRICS_TOKEN: optionalText.refine(
    (v) => v === undefined || (v.length >= 32 && /^[\x21-\x7e]+$/.test(v)),
    'must be at least 32 printable characters without spaces',
  ),
  LEGACY_DATABASE_URL: optionalText.refine(
    (v) => v === undefined || hasProtocol(v, ['mysql:', 'mariadb:']),
    'must be a mysql:// or mariadb:// URL',
  ),
  // Every outside connection is bounded, and so is shutdown (decision 072).
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(100, 600000, 5000),
  LEGACY_CONNECT_TIMEOUT_MS: milliseconds(100, 600000, 5000),
  LEGACY_QUERY_TIMEOUT_MS: milliseconds(100, 600000, 15000),
  SMTP_TIMEOUT_MS: milliseconds(100, 600000, 30000),
  SHUTDOWN_TIMEOUT_MS: milliseconds(100, 600000, 10000),
});

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | undefined } // undefined: in memory
  | { kind: 'postgres'; url: string; statementTimeoutMs?: number; connectTimeoutMs?: number };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  /** Undefined until resolveJwtSecret fills it (generated and kept in the data folder). */
  jwtSecret: string | undefined;
  publicUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** pretty: readable lines for a person (the default outside production); json: one JSON object per line. */
  logFormat: 'pretty' | 'json';
  siteTimeZone: string;
  smtpUrl: string | undefined;
  /** Lifetime of an access token (JWT); the refresh cookie outlives it. */
  accessTokenTtlSeconds: number;
  /** Requests per minute per client address on each sign-in, sign-up and recovery call. */
  authRateLimit: number;
  /**
   * Which proxies may name the client in X-Forwarded-For: false (none: the TCP peer is the client),
   * a number of hops, or proxy addresses and ranges (decision 025).
   */
  trustProxy: false | number | string[];
  /**
   * Whether an empty database gets the demo data at start. Unset: only an embedded database outside
   * production; production seeds nothing unless asked (decision 025).
   */
  seedDemoData: boolean;
  legacyDatabaseUrl: string | undefined;
  /**
   * The legacy database's bounds (decision 072): connectMs for a connection (a new one's handshake, or a
   * free one from the full pool), queryMs for the answer to one statement; past either, 503 LEGACY_UNAVAILABLE.
   */
  legacyTimeouts: LegacyTimeouts;
  /** The SMTP server's bound: to connect, to greet, and for any silence while a message is sent. */
  smtpTimeoutMs: number;
  /** How long SIGTERM or Ctrl-C waits for in-flight work before what is left is closed and the process exits. */
  shutdownTimeoutMs: number;
  /** How often the live hub pings each WebSocket (and refreshes its presence for other instances). */
  liveHeartbeatMs: number;
  /** Live sockets open at once from one client address (an IPv6 /64), signed in or not (decision 071). */
  liveSocketsPerAddress: number;
  /** Runs followed at once by the live sockets of one client address, signed-in admins' aside (decision 071). */
  liveSubscriptionsPerAddress: number;
  /** Pictures re-encoded at once; the others wait their turn (decision 029). */
  uploadConcurrency: number;
  /** Uploads per signed-in user and upload route in ten minutes (decision 029). */
  uploadRateLimit: number;
  /** Threads documents are rendered in, off the event loop (decision 073). */
  documentWorkers: number;
  /** Documents that may wait for a render thread; one more is refused with 503 DOCUMENTS_BUSY (decision 073). */
  documentQueueLimit: number;
  /** Documents rendered per minute for one address, for anyone but an admin (decision 073). */
  documentRateLimit: number;
  /**
   * The bearer token a Prometheus scraper sends to GET /api/metrics. Unset: no metrics are collected and
   * the route does not exist (decision 050).
   */
  metricsToken: string | undefined;
}

export interface LegacyTimeouts {
  connectMs: number;
  queryMs: number;
}

/**
 * The settings that may come from a file instead (decision 076): `JWT_SECRET_FILE=/run/secrets/jwt` reads
 * the secret from that file, as container secrets are handed over. DATABASE_PASSWORD goes into
 * DATABASE_URL, so the URL itself need not hold it.
 */
export const SECRET_SETTINGS = [
  'JWT_SECRET',
  'DATABASE_URL',
  'DATABASE_PASSWORD',
  'METRICS_TOKEN',
  'SMTP_URL',
  'LEGACY_DATABASE_URL',
] as const;

const isSet = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** The environment with every `<NAME>_FILE` of a secret setting read into `<NAME>` (one trailing newline dropped). */
function readSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (!isSet(file)) continue;
    if (isSet(env[name])) {
      throw new ConfigError(`Invalid configuration: ${name} and ${name}_FILE are both set; set only one`);
    }
    let text: string;
    try {
      text = readFileSync(file.trim(), 'utf8');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new ConfigError(`Invalid configuration: ${name}_FILE (${file.trim()}) cannot be read (${reason})`);
    }
    const value = text.replace(/\r?\n$/, '');
    if (value.trim() === '') throw new ConfigError(`Invalid configuration: ${name}_FILE (${file.trim()}) is empty`);
    out[name] = value;
  }
  return out;
}

/** DATABASE_URL with DATABASE_PASSWORD as its password, when that is set. */
function withDatabasePassword(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const password = env.DATABASE_PASSWORD;
  if (!isSet(password)) return env;
  const url = env.DATABASE_URL?.trim() ?? '';
  if (!hasProtocol(url, ['postgres:', 'postgresql:'])) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_PASSWORD needs DATABASE_URL to be a postgres:// or postgresql:// URL',
    );
  }
  const parsed = new URL(url);
  if (parsed.password !== '') {
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL has a password and DATABASE_PASSWORD is set; set only one',
    );
  }
  parsed.password = encodeURIComponent(password);
  return { ...env, DATABASE_URL: parsed.toString() };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withDatabasePassword(readSecretFiles(env)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const v = parsed.data;
  const dataDir = path.resolve(v.DATA_DIR);
  const database: DatabaseTarget =
    v.DATABASE_URL === undefined
      ? { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }
      : v.DATABASE_URL === 'memory://'
        ? { kind: 'pglite', dataDir: undefined }
        : {
            kind: 'postgres',
            url: v.DATABASE_URL,
            statementTimeoutMs: v.DATABASE_STATEMENT_TIMEOUT_MS,
            connectTimeoutMs: v.DATABASE_CONNECT_TIMEOUT_MS,
          };
  return {
    env: v.NODE_ENV,
    port: v.PORT,
    host: v.HOST,
    dataDir,
    database,
    jwtSecret: v.JWT_SECRET,
    publicUrl: (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ''),
    logLevel: v.LOG_LEVEL,
    logFormat: v.LOG_FORMAT ?? (v.NODE_ENV === 'production' ? 'json' : 'pretty'),
    siteTimeZone: v.SITE_TIMEZONE,
    smtpUrl: v.SMTP_URL,
    accessTokenTtlSeconds: v.ACCESS_TOKEN_TTL_SECONDS,
    authRateLimit: v.AUTH_RATE_LIMIT,
    trustProxy: v.TRUST_PROXY,
    seedDemoData: v.SEED_DEMO_DATA ?? (v.NODE_ENV !== 'production' && database.kind === 'pglite'),
    legacyDatabaseUrl: v.LEGACY_DATABASE_URL,
    legacyTimeouts: { connectMs: v.LEGACY_CONNECT_TIMEOUT_MS, queryMs: v.LEGACY_QUERY_TIMEOUT_MS },
    smtpTimeoutMs: v.SMTP_TIMEOUT_MS,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    liveHeartbeatMs: v.LIVE_HEARTBEAT_MS,
    liveSocketsPerAddress: v.LIVE_SOCKETS_PER_ADDRESS,
    liveSubscriptionsPerAddress: v.LIVE_SUBSCRIPTIONS_PER_ADDRESS,
    uploadConcurrency: v.UPLOAD_CONCURRENCY,
    uploadRateLimit: v.UPLOAD_RATE_LIMIT,
    documentWorkers: v.DOCUMENT_WORKERS,
    documentQueueLimit: v.DOCUMENT_QUEUE_LIMIT,
    documentRateLimit: v.DOCUMENT_RATE_LIMIT,
    metricsToken: v.METRICS_TOKEN,
  };
}

/**
 * The server's configuration: what loadConfig reads, and a JWT_SECRET in production, where a generated
 * one would sign out everyone at each new container. The command-line tools sign no token and use
 * loadConfig alone (decision 077).
 */
export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(env);
  if (config.env === 'production' && !config.jwtSecret) {
    throw new ConfigError('Invalid configuration: JWT_SECRET is required when NODE_ENV=production');
  }
  return config;
}

/**
 * Outside production a missing JWT_SECRET is generated once and kept in the data folder,
 * so sessions survive a restart without anyone having to invent a secret.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not generated yet
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: DATA_DIR (${config.dataDir}) cannot hold the generated JWT secret (${(error as Error).message}); make it writable or set JWT_SECRET`,
    );
  }
  return secret;
}
