// npm run admin -- <command>: the shop owner's command line (see `npm run admin -- help`).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { secureDataDir, usePrivateUmask } from '../data-dir.ts';
import { DatabaseInUseError } from '../db/lock.ts';
import { resolveApiRoot } from '../paths.ts';
import { runAdmin } from './cli.ts';
import { createAdminContext, openDatabase } from './context.ts';
import { terminalIo } from './output.ts';

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

let code: number;
try {
  code = await runAdmin(process.argv.slice(2), {
    io,
    async open() {
      const config = loadConfig(process.env);
      const database = await openDatabase(config);
      secureDataDir(config.dataDir);
      return { context: createAdminContext(config, database.db), close: () => database.close() };
    },
  });
} catch (error) {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) io.err(`Invalid configuration: ${problem}`);
  } else if (error instanceof DatabaseInUseError) {
    io.err(error.message);
  } else {
    io.err(`Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  code = 1;
}
process.exitCode = code;
