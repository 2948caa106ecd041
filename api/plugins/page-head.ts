import type { FastifyInstance } from 'fastify';

/**
 * What a public page's HTML carries besides the built index.html (docs/decisions/057), so that a phone
 * asks for everything the first screen needs with the document, instead of only once the main script
 * has arrived and run:
 * - **its first reads**, the public answers its queries start with, inlined as JSON. The addresses are
 *   the very ones the browser's queries ask for (`web/lib/api.ts` looks an answer up by its address);
 *   one that drifts costs a request, never a wrong page (`tests/e2e/first-reads.test.ts` checks them);
 * - **its route's chunks** (`modulepreload`), named by the Vite manifest, fetched beside the main script;
 * - the home page's **largest picture**, preloaded at high priority.
 */
type Read = (url: string) => Promise<unknown>;
type PageReads = (match: RegExpExecArray, search: URLSearchParams, read: Read) => Promise<unknown>;

interface PublicPage {
  path: RegExp;
  /** The route file under web/, as the Vite manifest names its split component. */
  route: string;
  reads: PageReads;
}

/** The first hero clip's poster (`HERO` in web/content/site.ts): the home page's largest picture. */
const HOME_HERO_POSTER = '/media/hero/embers-poster.webp';

const PAGES: readonly PublicPage[] = [
  {
    path: /^\/$/,
    route: 'routes/index.tsx',
    reads: (_, __, read) =>
      Promise.all([
        read('/api/announcements?sort=publishedAt&order=desc&limit=3'),
        read('/api/events/upcoming?limit=10'),
      ]),
  },
  {
    path: /^\/events$/,
    route: 'routes/events/index.tsx',
    reads: async (_, search, read) => {
      const asked = Number(search.get('year'));
      const [season] = await Promise.all([
        Number.isInteger(asked) && asked > 0 ? { year: asked } : read('/api/events/current-season-year'),
        read('/api/events/available-years'),
      ]);
      const year = (season as { year?: unknown } | undefined)?.year;
      if (typeof year === 'number') await read(`/api/events/by-year/${year}`);
    },
  },
  {
    path: /^\/events\/(\d+)$/,
    route: 'routes/events/$id.tsx',
    reads: ([, id], _, read) =>
      Promise.all([
        read(`/api/events/${id}`),
        read(`/api/run-orders/event/${id}/display`),
        read(`/api/runs/event/${id}?limit=100`),
      ]),
  },
  {
    path: /^\/results$/,
    route: 'routes/results/index.tsx',
    // Only the unfiltered first page: a search's address is built from the form, in the browser.
    reads: async (_, search, read) => (search.size === 0 ? read('/api/results/public/search?limit=20') : undefined),
  },
  {
    path: /^\/results\/events\/(\d+)$/,
    route: 'routes/results/events.$eventId.tsx',
    reads: ([, id], _, read) => read(`/api/results/public/events/${id}`),
  },
  {
    path: /^\/results\/competitors\/(\d+)$/,
    route: 'routes/results/competitors.$userId.tsx',
    reads: ([, id], _, read) =>
      Promise.all([
        read(`/api/results/public/competitors/${id}`),
        read(`/api/results/performance-analytics?userId=${id}`),
      ]),
  },
  {
    path: /^\/announcements$/,
    route: 'routes/announcements/index.tsx',
    reads: async (_, search, read) =>
      search.size === 0 ? read('/api/announcements?sort=publishedAt&order=desc') : undefined,
  },
  {
    path: /^\/announcements\/(\d+)$/,
    route: 'routes/announcements/$id.tsx',
    reads: ([, id], _, read) => read(`/api/announcements/${id}`),
  },
];

/** The part of Vite's `.vite/manifest.json` read here: each chunk's file and the chunks it imports. */
export type ViteManifest = Record<string, { file: string; imports?: string[] }>;

/** The chunks of a route's component and everything they import, the main script aside. */
function routeChunks(manifest: ViteManifest, route: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(`${route}?tsr-split=component`);
  return [...files];
}

/**
 * The head of the page at `url` beyond index.html's: empty for a page not listed above. Each read goes
 * through the app itself, so it is served from the public read cache like any visitor's (decision
 * 007), anonymously; only answers of 200 are kept.
 */
export async function pageHeadOf(
  app: FastifyInstance,
  url: string,
  options: { manifest?: ViteManifest; withReads: boolean },
): Promise<string> {
  const [pathname = '/', query = ''] = url.split('?', 2);
  for (const page of PAGES) {
    const match = page.path.exec(pathname);
    if (!match) continue;
    const head = (options.manifest ? routeChunks(options.manifest, page.route) : []).map(
      (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
    );
    if (pathname === '/') head.push(`<link rel="preload" as="image" href="${HOME_HERO_POSTER}" fetchpriority="high">`);
    if (options.withReads) {
      const answers: string[] = [];
      const read: Read = async (address) => {
        const response = await app.inject({ method: 'GET', url: address, headers: { accept: 'application/json' } });
        if (response.statusCode !== 200) return undefined;
        answers.push(`${JSON.stringify(address)}:${response.body}`);
        return response.json();
      };
      await page.reads(match, new URLSearchParams(query), read).catch(() => undefined);
      // `<` escaped, so no answer's text can close the script (web/lib/first-reads.ts reads it).
      if (answers.length > 0)
        head.push(
          `<script type="application/json" id="first-reads">{${answers.join(',').replace(/</g, '\\u003c')}}</script>`,
        );
    }
    return head.join('');
  }
  return '';
}
