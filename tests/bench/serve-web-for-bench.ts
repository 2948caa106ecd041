import { buildApp } from '../../api/app.ts';
import { loadConfig } from '../../api/config.ts';
import { openDatabase } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { seedDemoData } from '../../api/db/seed.ts';

/** The real app with demo data on an in-memory database, serving the web build given as argument. */
const webRoot = process.argv[2];
const config = loadConfig({
  DATABASE_URL: 'memory://',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-that-is-at-least-32-characters',
});
const database = await openDatabase(config.database);
await migrateToLatest(database.db);
await seedDemoData(database.db, { now: new Date(), timeZone: config.siteTimeZone });
const app = await buildApp({ config, database, jwtSecret: config.jwtSecret as string, logger: false, webRoot });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`port=${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
