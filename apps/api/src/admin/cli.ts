import { parseArgs } from 'node:util';
import { ApiError } from '../http/errors.ts';
import { commands as builtIn, type Command, type ParsedArgs } from './commands.ts';
import type { AdminContext } from './context.ts';
import { CliError, terminalIo, type Io } from './output.ts';

export interface RunOptions {
  io: Io;
  /** Opens the database and services; called only once a command is known to be well formed. */
  open(): Promise<{ context: AdminContext; close(): Promise<void> }>;
  commands?: Command[];
}

const USAGE_HEAD = [
  'Usage: npm run admin -- <command> [options]',
  '',
  "The shop owner's command line. It works on the configured database: DATABASE_URL, or the",
  'embedded one in DATA_DIR (default ./data). It works while the shop runs: on the embedded',
  'database the running shop carries out the command for it.',
  '',
  'Commands:',
];

function usage(commands: Command[]): string {
  const lines = commands.map((command) => `  ${command.name} ${command.usage}`.trimEnd());
  return [
    ...USAGE_HEAD,
    ...commands.flatMap((command, index) => [lines[index]!, `      ${command.summary}`]),
    '',
    'Run `npm run admin -- <command> --help` for more about one command.',
  ].join('\n');
}

function commandHelp(command: Command): string {
  return [
    `Usage: npm run admin -- ${command.name} ${command.usage}`.trimEnd(),
    '',
    `${command.summary[0]!.toUpperCase()}${command.summary.slice(1)}.`,
    ...(command.details ? ['', command.details] : []),
  ].join('\n');
}

/** Runs one command line; resolves to the process exit code (0 done, 1 refused or failed). */
export async function runAdmin(argv: string[], options: RunOptions): Promise<number> {
  // Reviews, addresses and messages are strangers' text: no escape sequence reaches the terminal.
  const io = terminalIo(options.io);
  const commands = options.commands ?? builtIn;
  const words = argv.filter((arg) => !arg.startsWith('-'));
  if (argv.length === 0 || words[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    io.out(usage(commands));
    return 0;
  }
  const command = commands.find((candidate) => {
    const [group, action] = candidate.name.split(' ');
    return argv[0] === group && argv[1] === action;
  });
  if (!command) {
    const group = commands.filter((candidate) => candidate.name.startsWith(`${argv[0]} `));
    io.err(
      group.length > 0
        ? `Unknown ${argv[0]} command ${JSON.stringify(argv[1] ?? '')}. Try one of: ${group.map((c) => c.name).join(', ')}.`
        : `Unknown command ${JSON.stringify(argv.slice(0, 2).join(' '))}. Run \`npm run admin -- help\` for the list.`,
    );
    return 1;
  }

  let parsed: ParsedArgs;
  try {
    const { values, positionals } = parseArgs({
      args: argv.slice(2),
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    parsed = { values: values as ParsedArgs['values'], positionals };
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${commandHelp(command)}`);
    return 1;
  }
  if (parsed.values.help) {
    io.out(commandHelp(command));
    return 0;
  }
  if (parsed.positionals.length !== command.positionals.length) {
    const expected = command.positionals.map((name) => `<${name}>`).join(' ') || 'no arguments';
    io.err(`${command.name} takes ${expected}.\n\n${commandHelp(command)}`);
    return 1;
  }

  let opened: Awaited<ReturnType<RunOptions['open']>> | undefined;
  try {
    opened = await options.open();
    await command.run(opened.context, parsed, io);
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof ApiError) {
      io.err(error.message);
      // A service's 400 names each refused field and says why.
      if (error instanceof ApiError && error.params) {
        for (const [field, reason] of Object.entries(error.params)) io.err(`  ${field}: ${reason}`);
      }
      return 1;
    }
    throw error;
  } finally {
    await opened?.close();
  }
}
