import { ConfigError } from '../config.ts';
import { DatabaseUnavailableError } from '../db/database.ts';
import { DatabaseInUseError } from '../db/embedded-lock.ts';
import { MigrationError } from '../db/migrate.ts';

/** Exit codes (sysexits), shared by the server and the command-line tools. */
export const EXIT_CODES = {
  config: 78,
  databaseUnavailable: 69,
  /** EX_TEMPFAIL: the embedded database is another live process's; try again once it ends (decision 075). */
  databaseInUse: 75,
  migrationFailed: 70,
  usage: 64,
  failed: 1,
} as const;

export function exitCodeFor(error: unknown): number {
  if (error instanceof ConfigError) return EXIT_CODES.config;
  if (error instanceof DatabaseUnavailableError) return EXIT_CODES.databaseUnavailable;
  if (error instanceof DatabaseInUseError) return EXIT_CODES.databaseInUse;
  if (error instanceof MigrationError) return EXIT_CODES.migrationFailed;
  return EXIT_CODES.failed;
}

/** Runs a command-line task: known failures print one clear line, anything else its stack. */
export function runCli(task: () => Promise<void>): void {
  task().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      const code = exitCodeFor(error);
      const text =
        code === EXIT_CODES.failed && error instanceof Error
          ? (error.stack ?? error.message)
          : (error as Error).message;
      process.stderr.write(`${text}\n`);
      process.exit(code);
    },
  );
}
