import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Kysely instance every query and write goes through. */
    db: Kysely<Database>;
    /** The whole handle: the Kysely instance, the kind of database and how to close it. */
    database: DatabaseHandle;
  }
}

export interface DatabasePluginOptions {
  database: DatabaseHandle;
}

/** Decorates the app with the database it was given (PGlite or a server; api/db/database.ts opens it). */
export const databasePlugin = fp(async (app: FastifyInstance, options: DatabasePluginOptions) => {
  app.decorate('db', options.database.db);
  app.decorate('database', options.database);
});
