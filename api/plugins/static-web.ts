import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { declarePublic } from './access.ts';
import { sendError } from './errors.ts';
import { pageHeadOf, type ViteManifest } from './page-head.ts';

const NOT_BUILT_PAGE = `<!doctype html><meta charset="utf-8"><title>Not built</title>
<p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>`;

/** A source map, by its name: `.map`, any case. */
const isDebugArtefact = (pathname: string) => /\.map$/i.test(pathname);

/**
 * Serves the built React app. Hashed assets are cached for a year; index.html is revalidated on
 * every load. Any other path outside /api answers index.html: unknown paths show the home page.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, opts: { webRoot: string }) => {
  const root = path.resolve(opts.webRoot);
  // Source maps (and any other build artefact meant for developers) are never served in production,
  // whatever the build left in the folder (decision 025).
  const servable = app.config.env === 'production' ? (pathname: string) => !isDebugArtefact(pathname) : undefined;
  const indexFile = path.join(root, 'index.html');
  const built = existsSync(indexFile);
  // Small and asked for on every page load outside /api: kept in memory, split where a page adds to its head.
  const indexHtml = built ? readFileSync(indexFile, 'utf8') : undefined;
  const [beforeHeadEnd, fromHeadEnd] = indexHtml?.split('</head>', 2) ?? [];
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest)
    : undefined;

  if (built) {
    await app.register(async (files) => {
      declarePublic(files);
      await files.register(fastifyStatic, {
        root,
        index: false,
        wildcard: false,
        cacheControl: false,
        // The build writes .br and .gz beside each asset (decision 053): sent as they are, per Accept-Encoding.
        preCompressed: true,
        ...(servable ? { allowedPath: servable } : {}),
        setHeaders(res, filePath) {
          const relative = path.relative(root, filePath);
          if (relative.startsWith(`assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else if (relative === 'index.html') {
            res.header('cache-control', 'no-cache');
          } else {
            res.header('cache-control', 'public, max-age=86400');
          }
        },
      });
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (pathname === '/api' || pathname.startsWith('/api/') || !isPage) {
      return sendError(request, reply, 404, 'ROUTE_NOT_FOUND', `Route ${request.method} ${pathname} not found`);
    }
    if (!indexHtml) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    return reply
      .status(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await pageHtml(request.url, request.method === 'GET'));
  });

  /** index.html with the page's own head: its chunks, its picture and its first reads (decision 057). */
  async function pageHtml(url: string, withReads: boolean): Promise<string> {
    if (indexHtml === undefined || fromHeadEnd === undefined) return indexHtml ?? NOT_BUILT_PAGE;
    return `${beforeHeadEnd}${await pageHeadOf(app, url, { manifest, withReads })}</head>${fromHeadEnd}`;
  }
});
