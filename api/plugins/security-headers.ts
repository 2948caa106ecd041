import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Helmet's headers on every answer: the site's own scripts, styles and sockets only (decision 035 for the frames). */
const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      // Video blocks play in the privacy-enhanced players of YouTube and Vimeo only (docs/decisions/035).
      frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginResourcePolicy: { policy: 'same-origin' },
};

type Header = [name: string, value: string | number | string[]];

/**
 * The headers helmet sets, asked of helmet once at start-up in a throwaway instance: they are the same
 * for every answer, and @fastify/helmet registered on the app rebuilds its middleware and runs two hooks
 * (one async) on every request, parsing the CSP each time (docs/decisions/058).
 */
async function helmetHeaders(): Promise<Header[]> {
  const probe = Fastify({ logger: false });
  let headers: Header[] = [];
  try {
    await probe.register(helmet, HELMET_OPTIONS);
    probe.get('/', (_request, reply) => {
      // Helmet's hook has set its headers on the raw response, before anything else has.
      headers = Object.entries(reply.raw.getHeaders()).filter((entry): entry is Header => entry[1] !== undefined);
      reply.send('');
    });
    await probe.inject('/');
  } finally {
    await probe.close();
  }
  if (!headers.some(([name]) => name === 'content-security-policy')) throw new Error('helmet set no headers');
  return headers;
}

/** Sets helmet's headers, made once, on every answer. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = Object.fromEntries(await helmetHeaders());
  app.addHook('onRequest', (_request, reply, done) => {
    // On the reply, not the raw response: Node then checks them once as it writes the head, where
    // `setHeader` on the raw response checks and stores each one first (decision 058).
    reply.headers(headers);
    done();
  });
});
