import { PROJECTIONS } from '../projections/registry.ts';
import { buildApp } from './app.ts';
import { EXIT_CODES, exitCodeFor } from './cli/run.ts';
import { loadServerConfig, resolveJwtSecret } from './config.ts';
import { assertDataDirUsable } from './db/data-dir.ts';
import { type DatabaseHandle, describeError, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { hasActiveSuperAdmin, isDatabaseEmpty } from './db/site-state.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './demo/seed.ts';
import { seedDemoCompetition } from './demo/seed-competition.ts';
import { seedDemoResults } from './demo/seed-results.ts';
import { createEventStore } from './event-store/store.ts';
import { type ProcessLines, processLines } from './logging.ts';
import { adminCreateCommand } from './paths.ts';

/**
 * Process entry: config, database, migrations, demo data where configured (decision 025), listen,
 * shutdown.
 */
async function main() {
  const config = loadServerConfig();
  const say = processLines(config);
  // DATA_DIR keeps the generated JWT secret whatever the database (decision 074).
  if (!config.jwtSecret) assertDataDirUsable(config.dataDir, 0);
  const database = await openDatabase(config.database, { role: 'server' });
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }

  // Demo data only where it was asked for or cannot hurt: never in production by default (decision 025).
  if (config.seedDemoData && (await isDatabaseEmpty(database.db))) {
    say('Empty database: loading the demo data...');
    await seedDemoData(database.db, { now: new Date(), timeZone: config.siteTimeZone });
    const store = createEventStore(database.db, PROJECTIONS);
    await seedDemoCompetition(store, { timeZone: config.siteTimeZone });
    await seedDemoResults(store, { timeZone: config.siteTimeZone });
  }
  const needsFirstAdmin = !(await hasActiveSuperAdmin(database.db));

  const app = await buildApp({ config, database, jwtSecret: resolveJwtSecret(config) });
  handleShutdown(app, database, say);

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
  // Tests and scripts find the port in this message, in either log format.
  say(`FireFit Canada is running at http://localhost:${port} (${where})`, { port, database: where });
  if (config.seedDemoData) {
    say(
      'Demo accounts (unless their passwords were changed):',
      { accounts: DEMO_ACCOUNTS.map(({ role, email, password }) => ({ role, email, password })) },
      DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(11)} ${a.email} / ${a.password}`),
    );
  }
  if (needsFirstAdmin) {
    const command = adminCreateCommand();
    say(`No super-admin yet. Create the first one with: ${command} (it asks for the e-mail, name and password).`, {
      command,
    });
  }
}

/**
 * Ctrl-C or SIGTERM: finish in-flight requests, then close the database so PGlite's files stay whole.
 * Past SHUTDOWN_TIMEOUT_MS whatever is left (HTTP connections, the legacy pool, the database) is closed
 * and the process exits with 1 (decision 072).
 */
function handleShutdown(app: Awaited<ReturnType<typeof buildApp>>, database: DatabaseHandle, say: ProcessLines) {
  let closing = false;
  const deadlineMs = app.config.shutdownTimeoutMs;
  const shutdown = async (signal: string) => {
    if (closing) return; // a second Ctrl-C must not cut the database off mid-write
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const deadline = setTimeout(() => void closeWhatIsLeft(), deadlineMs);
    // Draining (decision 076): no new connection from now on, so a proxy moves on to another instance
    // at once; idle keep-alive connections close, and every answer still given says Connection: close.
    app.server.prependListener('request', (_req, res) => res.setHeader('connection', 'close'));
    const drained = new Promise<void>((resolve) => app.server.close(() => resolve()));
    app.server.closeIdleConnections();
    // Fastify closes the server again after its preClose hooks and runs the onClose hooks (the live hub,
    // the mailer, the document threads) once that close ends: it must still end only when every
    // connection has, not at once with "not running".
    app.server.close = ((callback?: (error?: Error) => void) => {
      void drained.then(() => callback?.());
      return app.server;
    }) as typeof app.server.close;
    try {
      await app.close();
    } finally {
      await database.close();
      clearTimeout(deadline);
      say('Stopped cleanly.');
      process.exit(0);
    }
  };
  const closeWhatIsLeft = async () => {
    process.stderr.write(
      `Shutdown took longer than SHUTDOWN_TIMEOUT_MS (${deadlineMs} ms): closing what is left and exiting.\n`,
    );
    // Each close gets a moment at most: a socket or a server that does not answer must not hold the exit.
    const atMost = (work: () => Promise<unknown>) =>
      Promise.race([work().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    app.server.closeAllConnections();
    app.legacy.destroy();
    await atMost(() => database.close());
    process.exit(1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  const code = exitCodeFor(error);
  const text =
    code === EXIT_CODES.failed
      ? `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : describeError(error)}`
      : describeError(error);
  process.stderr.write(`${text}\n`);
  process.exit(code);
});
