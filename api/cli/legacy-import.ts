import { parseArgs } from 'node:util';
import { Kysely, MysqlDialect } from 'kysely';
import { loadConfig } from '../config.ts';
import { openDatabase, redactUrl } from '../db/database.ts';
import { type ImportProgress, importLegacy } from '../db/legacy-import.ts';
import type { LegacyDatabase } from '../db/legacy-schema.ts';
import { createMysqlPool } from '../db/legacy-source.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { EXIT_CODES, runCli } from './run.ts';

/**
 * npm run legacy:import [-- --from mysql://... --replace --batch-size 2000]: copies the MySQL/MariaDB
 * legacy database (--from, else LEGACY_DATABASE_URL) into the `legacy` schema of the main database, with
 * a progress bar, then compares row counts and sums per table (docs/legacy-billing.md). Exits 1 when
 * anything differs. Afterwards, unset LEGACY_DATABASE_URL: the app then reads the embedded copy.
 */
const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    replace: { type: 'boolean', default: false },
    'batch-size': { type: 'string', default: '2000' },
  },
});

function progressLine({ table, done, total }: ImportProgress): string {
  const width = 30;
  const ratio = total === 0 ? 1 : done / total;
  const filled = Math.round(ratio * width);
  return `${table.padEnd(20)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${done}/${total}`;
}

runCli(async () => {
  const config = loadConfig();
  const url = values.from ?? config.legacyDatabaseUrl;
  const batchSize = Number(values['batch-size']);
  if (
    !url ||
    !/^(mysql|mariadb):\/\//.test(url) ||
    !Number.isInteger(batchSize) ||
    batchSize < 1 ||
    batchSize > 50_000
  ) {
    process.stderr.write(
      'Usage: npm run legacy:import -- [--from mysql://user:password@host:3306/database] [--replace] [--batch-size 2000]\n' +
        '(--from defaults to LEGACY_DATABASE_URL; the batch size is 1 to 50000)\n',
    );
    process.exitCode = EXIT_CODES.usage;
    return;
  }
  const database = await openDatabase(config.database);
  const source = new Kysely<LegacyDatabase>({ dialect: new MysqlDialect({ pool: createMysqlPool(url, 2) }) });
  try {
    await migrateToLatest(database.db);
    process.stdout.write(`Importing the legacy database at ${redactUrl(url)} in batches of ${batchSize}...\n`);
    const tty = process.stdout.isTTY;
    const report = await importLegacy(source, database.db, {
      batchSize,
      replace: values.replace,
      onProgress: (p) => {
        if (tty) process.stdout.write(`\r${progressLine(p)}${p.done === p.total ? '\n' : ''}`);
        else if (p.done === p.total) process.stdout.write(`${progressLine(p)}\n`);
      },
    });
    process.stdout.write('\ntable                 source rows  copied rows  sums (source = copy)\n');
    for (const r of report) {
      const sums = r.sums
        .map((s) => `${s.column} ${s.source}${s.source === s.target ? '' : ` != ${s.target}`}`)
        .join(', ');
      process.stdout.write(
        `${r.matches ? 'ok ' : 'DIFF'} ${r.table.padEnd(20)} ${String(r.sourceRows).padStart(11)}  ${String(r.targetRows).padStart(11)}  ${sums}\n`,
      );
    }
    const differing = report.filter((r) => !r.matches);
    if (differing.length > 0) {
      process.stderr.write(`The copy differs from the source in ${differing.map((r) => r.table).join(', ')}.\n`);
      process.exitCode = EXIT_CODES.failed;
    } else {
      process.stdout.write('Every table has the same rows and sums. Unset LEGACY_DATABASE_URL to read the copy.\n');
    }
  } finally {
    await source.destroy();
    await database.close();
  }
});
