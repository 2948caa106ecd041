import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiPort = process.env.PORT ?? '3000';
const SHARED_VOCABULARY = [
  '/api/domain/events/',
  '/api/domain/dates.ts',
  '/api/domain/runs/categories.ts',
  '/api/domain/announcements/',
  // The infraction catalogue: the venue display names penalties with it.
  '/api/domain/results/penalties.ts',
  // The entrant marks (scratched, no-show): the display, the start list and "your heat" name them.
  '/api/domain/run-orders/events.ts',
  // The legacy invoice statuses: the invoice list's URL check sits in the always-loaded route tree.
  '/api/domain/legacy/',
];

/** The pages spectators read on their phones (Lighthouse measures them: docs/benchmarks.md). */
const PUBLIC_READING_ROUTE = /\/web\/routes\/(events|results|announcements|departments|start-lists)\/[^?]*\.tsx(\?|$)/;

/**
 * 'public-shared' for a module that a public page's route file reaches through static imports, so a
 * public page needs at most one shared chunk beside its own; anything else is left to the default split.
 */
function publicPagesShared(id: string, ctx: ChunkingContext): string | null {
  const seen = new Set<string>();
  const pending = [id];
  while (pending.length > 0) {
    const current = pending.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    if (current !== id && PUBLIC_READING_ROUTE.test(current)) return 'public-shared';
    pending.push(...(ctx.getModuleInfo(current)?.importers ?? []));
  }
  return null;
}

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/i;

/**
 * Writes `.br` and `.gz` beside every built text asset, at the highest levels, once at build time:
 * the server sends them as they are (decision 053), so no request pays for compression.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'firefit-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true });
      for (const file of files) {
        if (!file.isFile() || !COMPRESSIBLE.test(file.name)) continue;
        const full = path.join(file.parentPath, file.name);
        const raw = readFileSync(full);
        if (raw.length < 1024) continue;
        writeFileSync(
          `${full}.br`,
          brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        );
        writeFileSync(`${full}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A portal page's loader travels with its component (one chunk, fetched when the portal is opened):
      // its feature's queries stay out of the home page's initial JavaScript. Public pages keep the
      // loader in the main bundle, so their data request starts before their component has arrived.
      codeSplittingOptions: {
        // The home page is not split at all: its component is in the first script anyway, and a split
        // left a stub file that cost a request of its own.
        splitBehavior: ({ routeId }) =>
          routeId === '/'
            ? []
            : routeId.startsWith('/portal/')
              ? [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']]
              : undefined,
      },
      routesDirectory: here('./routes'),
      generatedRouteTree: here('./routeTree.gen.ts'),
      routeFileIgnorePrefix: '-',
    }),
    react(),
    tailwindcss(),
    precompress(),
  ],
  build: {
    outDir: here('../dist/web'),
    emptyOutDir: true,
    // Maps are written for reading a stack trace offline, but no bundle points at them, and the server
    // never serves them in production (decision 025).
    sourcemap: 'hidden',
    // Modern browsers preload module scripts natively; the polyfill only cost bytes on every page.
    modulePreload: { polyfill: false },
    // Read by the server to name each public page's own chunks in its HTML (decision 057).
    manifest: true,
    rolldownOptions: {
      output: {
        // The shared public chunks are named after every page that loads them: keep the files short.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('public-shared') ? 'assets/public-shared-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is fetched on every first visit anyway: one file
            // instead of some twenty small ones compresses better and saves round trips on a phone.
            { name: 'initial', tags: ['$initial'], priority: 3 },
            // The vocabulary the contracts import and always-loaded modules (labels) use too: event
            // statuses and phases, dates, run types, the table types. A chunk of its own, or the bundler
            // pulls it into 'schemas' and a page would load zod to read a label. Only these: the larger
            // rules (run orders, eligibility) stay with the pages that use them.
            { name: 'domain', test: (id) => SHARED_VOCABULARY.some((path) => id.includes(path)), priority: 2 },
            // zod and the shared schemas serve the forms only: one chunk of their own, so the bundler
            // never merges small always-needed modules (the session) into it and drags it into every page.
            { name: 'schemas', test: /\/node_modules\/zod\/|\/api\/contracts\//, priority: 1 },
            // The small modules the public pages share beyond the first script (icons, buttons, the live
            // socket, the event's heats): one file instead of a dozen of a few hundred bytes each, which a
            // phone on a slow network would fetch six at a time (decision 059).
            {
              name: publicPagesShared,
              debugName: 'public-shared',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 8000,
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true } },
  },
});
