import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { MIGRATIONS_DIR } from '../paths.ts';

/** Reads migrations/*.ts (compiled: dist/migrations/*.js) in name order; names are dated, so name order is time order. */
export class MigrationFolder implements MigrationProvider {
  constructor(private readonly dir = MIGRATIONS_DIR) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.dir)).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts')).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.(ts|js)$/, '')] = await import(pathToFileURL(path.join(this.dir, file)).href);
    }
    return migrations;
  }
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export function createMigrator(db: Kysely<any>, provider: MigrationProvider = new MigrationFolder()): Migrator {
  return new Migrator({ db, provider });
}

/**
 * Brings the schema up to date. On PostgreSQL (server or PGlite) Kysely runs the pending
 * migrations in one transaction, so a failure leaves the schema exactly as it was.
 */
export async function migrateToLatest(db: Kysely<any>, provider?: MigrationProvider): Promise<string[]> {
  const { error, results } = await createMigrator(db, provider).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      failed ? `Migration ${failed} failed: ${reason} (no migration was applied)` : `Migrations failed: ${reason}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations that exist in the folder but are not applied yet. */
export async function pendingMigrations(db: Kysely<any>, provider?: MigrationProvider): Promise<string[]> {
  const all = await createMigrator(db, provider).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
