// npm run admin -- <command>: the shop owner's command line (see `npm run admin -- help`).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { secureDataDir, usePrivateUmask } from '../data-dir.ts';
import { DatabaseInUseError } from '../db/lock.ts';
import { resolveApiRoot } from '../paths.ts';
import { runAdmin } from './cli.ts';
import { commandSocketPath, forwardCommand } from './command-socket.ts';
import { createAdminContext, openDatabase } from './context.ts';
import { CliError, terminalIo } from './output.ts';

// The same settings as `npm start`: a .env beside the repository, the environment winning.
const envFile = join(resolveApiRoot(), '..', '..', '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

// Files the commands write into DATA_DIR (outbox, uploads) are the shop user's only.
usePrivateUmask();

// A failure's message may quote stored text too.
const io = terminalIo({
  out: (text: string) => process.stdout.write(`${text}\n`),
  err: (text: string) => process.stderr.write(`${text}\n`),
});

/**
 * On the embedded database, a running shop runs the command itself (it holds the database); with
 * PostgreSQL, or no shop running, the command opens the database here.
 */
async function run(argv: string[]): Promise<number> {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    const forwarded = await forwardCommand(commandSocketPath(config.dataDir), argv, io);
    if (forwarded !== null) return forwarded;
  }
  return runAdmin(argv, {
    io,
    async open() {
      const database = await openDatabase(config);
      secureDataDir(config.dataDir);
      return { context: createAdminContext(config, database.db), close: () => database.close() };
    },
  });
}

let code: number;
try {
  code = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) io.err(`Invalid configuration: ${problem}`);
  } else if (error instanceof DatabaseInUseError || error instanceof CliError) {
    io.err(error.message);
  } else {
    io.err(`Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  code = 1;
}
process.exitCode = code;
