import { DEFAULT_WEB_ROOT } from '../../api/app.ts';
import { openDatabase } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { seedDemoData } from '../../api/demo/seed.ts';
import { benchConfig, listenBenchApp } from './bench-app.ts';

/**
 * The real app with demo data on an in-memory database, serving the web build given as argument (without
 * one, the app's own).
 */
const webRoot = process.argv[2] ?? DEFAULT_WEB_ROOT;
const config = benchConfig({ NODE_ENV: 'development', JWT_SECRET: 'bench-secret-that-is-at-least-32-characters' });
const database = await openDatabase(config.database);
await migrateToLatest(database.db);
await seedDemoData(database.db, { now: new Date(), timeZone: config.siteTimeZone });
const { app, port } = await listenBenchApp(database, config, webRoot);
process.stdout.write(`port=${port}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
