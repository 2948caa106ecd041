import { z } from 'zod';

/** The media type of a backup download: the SQL file `npm run db:backup` writes (decision 050). */
export const SQL_MEDIA_TYPE = 'application/sql; charset=utf-8';

/** A backup: text, one SQL statement per line, restorable with `npm run db:restore` (decision 075). */
export const backupFileSchema = z
  .string()
  .meta({ description: 'The backup: every row of every table as SQL, restorable with npm run db:restore' });
