import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { embeddedLegacySource, type LegacySource, mysqlLegacySource } from '../db/legacy-source.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the legacy billing tables are read from (docs/decisions/037). */
    legacy: LegacySource;
  }
}

/**
 * Decorates the app with the legacy billing source: MySQL/MariaDB when LEGACY_DATABASE_URL is set, else
 * the `legacy` schema of the main database. Registered after the database plugin.
 */
export const legacyPlugin = fp(async (app: FastifyInstance) => {
  const url = app.config.legacyDatabaseUrl;
  const source = url ? mysqlLegacySource(url, app.db, app.config.legacyTimeouts) : embeddedLegacySource(app.db);
  app.decorate('legacy', source);
  app.addHook('onClose', async () => {
    await source.close();
  });
});
