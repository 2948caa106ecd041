import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `npm run dev`: the API restarting on change, and Vite with hot reload proxying /api to it. */
const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'api/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(bin('vite'), ['--config', 'web/vite.config.ts'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
