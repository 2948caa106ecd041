import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

/**
 * How the server logs (docs/decisions/034-log-format.md): JSON lines in production, for a log collector;
 * readable single lines for a person running `npm start`, with the per-request lines moved down to
 * debug so a quiet server prints only what matters.
 */

const REDACT = ['req.headers.authorization', 'req.headers.cookie'];

/** One debug line per answered request ("GET /api/events 200 3 ms") in place of Fastify's two info lines. */
class QuietRequestLines extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ err: error }, `${request.method} ${request.url} failed`);
      return;
    }
    reply.log.debug(`${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  }
}

/** Fastify's logger options for the configured format. */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  /** Where readable lines go; standard output by default (tests pass their own). */
  destination?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'loggerInstance' | 'logController'> {
  if (config.logFormat === 'json') return { logger: { level: config.logLevel, redact: REDACT } };
  const stream = pretty({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    sync: true,
    ...(destination ? { destination } : {}),
  });
  const loggerInstance: FastifyBaseLogger = pino({ level: config.logLevel, redact: REDACT }, stream);
  return { loggerInstance, logController: new QuietRequestLines() };
}

/** The process's own lines: the start banner, the demo accounts, the first-admin hint, the clean stop. */
export type ProcessLines = (message: string, fields?: Record<string, unknown>, detail?: readonly string[]) => void;

/**
 * Where the process's own lines go (decision 077). Pretty: the message and its detail lines as plain
 * text, for a person. JSON: one pino line at info with the fields, so that a log collector reads every
 * line of standard output; like the text they replace, they are written whatever LOG_LEVEL says.
 */
export function processLines(
  config: Pick<Config, 'logFormat'>,
  destination: NodeJS.WritableStream = process.stdout,
): ProcessLines {
  if (config.logFormat === 'pretty') {
    return (message, _fields, detail = []) => {
      destination.write([message, ...detail].map((line) => `${line}\n`).join(''));
    };
  }
  const log = pino({ level: 'info' }, destination);
  return (message, fields = {}) => log.info(fields, message);
}
