import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./routes'),
      generatedRouteTree: here('./routeTree.gen.ts'),
      routeFileIgnorePrefix: '-',
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: here('../dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // zod and the shared schemas serve the forms only: one chunk of their own, so the bundler
        // never merges small always-needed modules (the session) into it and drags it into every page.
        manualChunks(id) {
          if (id.includes('/node_modules/zod/') || id.includes('/api/contracts/')) return 'schemas';
          // The pure rules the contracts import (statuses, run types, eligibility) are also used by
          // always-loaded modules (labels): a chunk of their own, or the bundler pulls them into
          // 'schemas' and every page, the home page too, would load zod to read a label.
          if (id.includes('/api/domain/') || id.includes('/api/db/schema.ts')) return 'domain';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true } },
  },
});
