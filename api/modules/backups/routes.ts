import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupFileSchema, SQL_MEDIA_TYPE } from '../../contracts/backups.ts';
import { errorEnvelopeSchema } from '../../contracts/common.ts';
import { writeBackup } from '../../db/backup.ts';
import { BACKUP_ROUTE } from '../../db/embedded-lock.ts';
import { DomainError } from '../../domain/errors.ts';
import { signedInRoutes } from '../route-options.ts';

const route = signedInRoutes(['backups']);
const e = errorEnvelopeSchema;

/**
 * GET /api/admin/backup: the running server's backup, the file `npm run db:backup` writes, for a
 * super-admin (decision 075). While a server holds the embedded database no other process may open it, so
 * this is how it is backed up live. The dump is written to a temporary file first and sent once complete:
 * a slow download never holds the database's snapshot open, and a failure is an error, never half a file.
 * One at a time: a second while one is being written answers 503 BACKUP_RUNNING.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  let running = false;
  app.get(
    BACKUP_ROUTE,
    route('super-admin', {
      summary: 'A backup of the whole database, as db:backup writes it',
      response: {
        200: { description: 'The backup file', content: { [SQL_MEDIA_TYPE]: { schema: backupFileSchema } } },
        401: e,
        403: e,
        503: e,
      },
    }),
    async (request, reply) => {
      if (running) {
        throw new DomainError(503, 'BACKUP_RUNNING', 'A backup is being written right now. Try again in a moment.');
      }
      running = true;
      const folder = mkdtempSync(path.join(os.tmpdir(), 'firefit-backup-'));
      const remove = () => rmSync(folder, { recursive: true, force: true });
      const file = path.join(folder, 'backup.sql');
      let report: Awaited<ReturnType<typeof writeBackup>>;
      try {
        const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
        try {
          report = await writeBackup(app.db, async (line) => {
            if (!out.write(`${line}\n`)) await once(out, 'drain');
          });
          out.end();
          await once(out, 'finish');
        } finally {
          out.destroy();
        }
      } catch (error) {
        remove();
        throw error;
      } finally {
        running = false;
      }
      request.log.info({ ...report }, 'backup written for download');
      const stamp = new Date()
        .toISOString()
        .replace(/[:.]/g, '-')
        .replace(/-\d{3}Z$/, 'Z');
      const stream = createReadStream(file);
      // The file's name is gone from the folder once opened; the bytes stay readable until sent.
      stream.once('open', remove);
      stream.once('error', remove);
      return reply
        .header('content-type', SQL_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="firefit-${stamp}.sql"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream as never); // a stream: Fastify sends it as it is, past the schemas
    },
  );
};
