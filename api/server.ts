import { PROJECTIONS } from '../projections/registry.ts';
import { buildApp } from './app.ts';
import { EXIT_CODES, exitCodeFor } from './cli/run.ts';
import { loadConfig, resolveJwtSecret } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemoData } from './db/seed.ts';
import { seedDemoCompetition } from './db/seed-competition.ts';
import { createEventStore } from './event-store/store.ts';

/** Process entry: config, database, migrations, demo data on a fresh embedded database, listen, shutdown. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }

  const embedded = config.database.kind === 'pglite';
  if (embedded && (await isDatabaseEmpty(database.db))) {
    process.stdout.write('Empty embedded database: loading the demo data...\n');
    await seedDemoData(database.db, { now: new Date(), timeZone: config.siteTimeZone });
    await seedDemoCompetition(createEventStore(database.db, PROJECTIONS), { timeZone: config.siteTimeZone });
  }

  const app = await buildApp({ config, database, jwtSecret: resolveJwtSecret(config) });
  handleShutdown(app, database);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close().catch(() => {});
    throw new Error(`Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where =
    config.database.kind === 'postgres'
      ? 'PostgreSQL server'
      : config.database.dataDir
        ? `embedded PostgreSQL in ${config.database.dataDir}`
        : 'embedded PostgreSQL in memory';
  const lines = [`FireFit Canada is running at http://localhost:${port} (${where})`];
  if (embedded) {
    lines.push('Demo accounts (unless their passwords were changed):');
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.role.padEnd(11)} ${a.email} / ${a.password}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Ctrl-C or SIGTERM: finish in-flight requests, then close the database so PGlite's files stay whole. */
function handleShutdown(app: Awaited<ReturnType<typeof buildApp>>, database: DatabaseHandle) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return; // a second Ctrl-C must not cut the database off mid-write
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
    } finally {
      await database.close();
      process.stdout.write('Stopped cleanly.\n');
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  const code = exitCodeFor(error);
  const text =
    code === EXIT_CODES.failed
      ? `Start-up failed: ${(error as Error).stack ?? String(error)}`
      : (error as Error).message;
  process.stderr.write(`${text}\n`);
  process.exit(code);
});
