/**
 * The fault test's child process on the embedded database (docs/decisions/024-database-outages.md):
 * opens the PGlite data folder FF_DATA_DIR, runs the burst of tests/support/crash-burst.ts on the real
 * app, and prints one JSON line per 2xx answer, so that the parent knows what was acknowledged when
 * it kills this process with SIGKILL.
 */
import { buildApp } from '../../api/app.ts';
import { loadConfig } from '../../api/config.ts';
import { openDatabase } from '../../api/db/database.ts';
import { type BurstFixture, runBurst } from './crash-burst.ts';

const SECRET = 'crash-burst-child-secret-long-enough';
const dataDir = process.env.FF_DATA_DIR;
const fixture = JSON.parse(process.env.FF_BURST_FIXTURE ?? 'null') as BurstFixture | null;
if (!dataDir || !fixture) throw new Error('FF_DATA_DIR and FF_BURST_FIXTURE are required');

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', JWT_SECRET: SECRET, DATABASE_URL: 'memory://' });
// The folder itself (the configuration would use DATA_DIR/pglite).
const database = await openDatabase({ kind: 'pglite', dataDir });
// Errors are logged to stderr, which the test shows when it fails.
const app = await buildApp({ config, database, jwtSecret: SECRET, webRoot: '/nonexistent-web-root' });
await app.ready();
process.stdout.write('ready\n');
await runBurst(app, fixture, (answer) => process.stdout.write(`answered ${JSON.stringify(answer)}\n`));
process.stdout.write('done\n');
await app.close();
await database.close();
