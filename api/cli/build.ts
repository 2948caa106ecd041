import path from 'node:path';
import { build } from 'vite';
import { REPOSITORY_ROOT } from '../paths.ts';
import { buildServer } from './build-server.ts';

/** `npm run build`: the web app into dist/web, then the compiled server and tools into dist/ (decision 051). */
process.stdout.write('Building the web app...\n');
await build({ configFile: path.join(REPOSITORY_ROOT, 'web', 'vite.config.ts'), logLevel: 'warn' });
process.stdout.write('Building the server...\n');
await buildServer();
process.stdout.write('Built: node dist/server.js starts the server.\n');
