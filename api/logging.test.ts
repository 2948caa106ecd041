import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { loggerOptions } from './logging.ts';

async function linesOf(level: 'info' | 'debug'): Promise<string[]> {
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (chunk) => chunks.push(String(chunk)));
  const app = Fastify(loggerOptions({ logLevel: level, logFormat: 'pretty' }, out));
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async (request) => {
    request.log.warn('something to see');
    return { ok: false };
  });
  await app.inject({ url: '/ok', headers: { authorization: 'Bearer secret-token' } });
  await app.inject({ url: '/boom' });
  await app.close();
  return chunks.join('').split('\n').filter(Boolean);
}

describe('logging', () => {
  it('is JSON in production and readable lines elsewhere, unless LOG_FORMAT says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).logFormat).toBe('json');
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
    expect(loggerOptions({ logLevel: 'info', logFormat: 'json' })).toEqual({
      logger: { level: 'info', redact: ['req.headers.authorization', 'req.headers.cookie'] },
    });
  });

  it('keeps a quiet server quiet: request lines only at debug, one short line each, never a token', async () => {
    const quiet = await linesOf('info');
    expect(quiet).toHaveLength(1);
    expect(quiet[0]).toMatch(/WARN: something to see/);

    const chatty = await linesOf('debug');
    expect(chatty.filter((l) => /DEBUG: GET \/ok 200 \d+ ms$/.test(l))).toHaveLength(1);
    expect(chatty.filter((l) => /DEBUG: GET \/boom 200 \d+ ms$/.test(l))).toHaveLength(1);
    expect(chatty.join('\n')).not.toContain('secret-token');
    expect(chatty.join('\n')).not.toMatch(/incoming request|request completed/);
  });
});
