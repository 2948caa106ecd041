import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { adminUserCreateBodySchema } from '../contracts/accounts.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { hasActiveSuperAdmin } from '../db/site-state.ts';
import { DomainError } from '../domain/errors.ts';
import { createAdminUser } from '../modules/admin-users/service.ts';
import { adminCreateCommand, COMPILED } from '../paths.ts';
import { EXIT_CODES, runCli } from './run.ts';

// The command that works where this runs: the npm script from the sources, the compiled tool otherwise.
const COMMAND = `${adminCreateCommand()}${COMPILED ? '' : ' --'}`;

const USAGE = `Creates the first super-admin of a database that has none (decision 025).
  ${COMMAND} --email a@b.ca --first-name Sam --last-name Okafor
The password is asked for (hidden); without a terminal, give it in ADMIN_PASSWORD. Every value can also
come from ADMIN_EMAIL, ADMIN_FIRST_NAME, ADMIN_LAST_NAME and ADMIN_PASSWORD.`;

class UsageError extends Error {}

function readFlags() {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
}

/** Asks on the terminal; the password is not echoed. Without a terminal a missing value is an error. */
async function ask(question: string, hidden: boolean): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError(`${question.replace(/: $/, '')} is missing.\n\n${USAGE}`);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
      write(s.startsWith(question) ? s : '');
  }
  try {
    return await rl.question(question);
  } finally {
    if (hidden) process.stdout.write('\n');
    rl.close();
  }
}

runCli(async () => {
  const flags = readFlags();
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const env = process.env;
  try {
    const candidate = {
      email: flags.email ?? env.ADMIN_EMAIL ?? (await ask('E-mail: ', false)),
      firstName: flags['first-name'] ?? env.ADMIN_FIRST_NAME ?? (await ask('First name: ', false)),
      lastName: flags['last-name'] ?? env.ADMIN_LAST_NAME ?? (await ask('Last name: ', false)),
      password: flags.password ?? env.ADMIN_PASSWORD ?? (await ask('Password: ', true)),
      role: 'super-admin' as const,
    };
    const parsed = adminUserCreateBodySchema.safeParse(candidate);
    if (!parsed.success) {
      throw new UsageError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('\n'));
    }
    const config = loadConfig();
    const database = await openDatabase(config.database, { statementTimeout: false });
    try {
      await migrateToLatest(database.db);
      if (await hasActiveSuperAdmin(database.db)) {
        throw new UsageError('This database already has a super-admin: add more from the portal (Admin users).');
      }
      const user = await createAdminUser(database.db, parsed.data);
      process.stdout.write(
        `Created the super-admin ${user.email} (id ${user.id}). Sign in at ${config.publicUrl}/sign-in\n`,
      );
    } catch (error) {
      if (error instanceof DomainError) throw new UsageError(error.message);
      throw error;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = EXIT_CODES.usage;
  }
});
