/**
 * Writes web/routeTree.gen.ts from the files in web/routes, as the build's router plugin does, so the
 * type checker sees new routes without a full build. Same options as web/vite.config.ts.
 */
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const root = here('../../web');
const config = getConfig(
  {
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: here('../../web/routes'),
    generatedRouteTree: here('../../web/routeTree.gen.ts'),
    routeFileIgnorePrefix: '-',
  },
  root,
);
await new Generator({ config, root }).run();
console.log('web/routeTree.gen.ts is up to date.');
