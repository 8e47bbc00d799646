import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PRIVATE_FILE_MODE } from '../data-dir.ts';
import type { Io } from './output.ts';

/**
 * The running shop takes the owner's commands over a Unix socket in DATA_DIR (decision 0026): the
 * embedded database serves one process, so `npm run admin` hands its command line to the shop,
 * which runs it with its own services and streams the output back. The socket is 0600 in a 0700
 * folder: whoever can open it could read the database files anyway.
 */
export const commandSocketPath = (dataDir: string) => join(dataDir, 'admin.sock');

/** What the command line sends: one JSON line. */
interface CommandRequest {
  argv: string[];
  /** Relative file names (`--out`, `catalog import <file>`) are the caller's, not the shop's. */
  cwd: string;
}

/** What the shop streams back: JSON lines of output, then the exit code. */
type CommandMessage = { out: string } | { err: string } | { code: number };

/** Runs one forwarded command line in the shop's process; resolves to its exit code. */
export type RunForwarded = (argv: string[], cwd: string, io: Io) => Promise<number>;

const MAX_REQUEST_BYTES = 64 * 1024;

function send(socket: Socket, message: CommandMessage) {
  if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
}

function parseRequest(line: string): CommandRequest | null {
  try {
    const value = JSON.parse(line) as Partial<CommandRequest>;
    const argvOk = Array.isArray(value.argv) && value.argv.every((arg) => typeof arg === 'string');
    return argvOk && typeof value.cwd === 'string'
      ? { argv: value.argv as string[], cwd: value.cwd }
      : null;
  } catch {
    return null;
  }
}

/**
 * Listens on `path` until closed. A socket file already there is stale: the caller holds the
 * embedded database's lock, so no other shop can be serving it.
 */
export async function serveCommands(path: string, run: RunForwarded): Promise<Server> {
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    let received = 0;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_REQUEST_BYTES) socket.destroy();
    });
    socket.on('error', () => socket.destroy());
    const lines = createInterface({ input: socket });
    lines.once('line', (line) => {
      lines.close();
      const request = parseRequest(line);
      if (!request) {
        send(socket, { err: 'The shop could not read the command.' });
        send(socket, { code: 1 });
        socket.end();
        return;
      }
      const io: Io = {
        out: (text) => send(socket, { out: text }),
        err: (text) => send(socket, { err: text }),
      };
      run(request.argv, request.cwd, io)
        .catch((error: unknown) => {
          io.err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
          return 1;
        })
        .then((code) => {
          send(socket, { code });
          socket.end();
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, PRIVATE_FILE_MODE);
  server.on('close', () => rmSync(path, { force: true }));
  return server;
}

/**
 * Sends a command line to the shop serving `path` and writes its output to `io`. Resolves to the
 * command's exit code, or null when no shop is listening there (not started, or stopped).
 */
export function forwardCommand(path: string, argv: string[], io: Io): Promise<number | null> {
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((resolve) => {
    let code: number | null = null;
    let connected = false;
    let broken: Error | undefined;
    const socket = createConnection(path);
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ argv, cwd: process.cwd() } satisfies CommandRequest)}\n`);
    });
    createInterface({ input: socket }).on('line', (line) => {
      const message = JSON.parse(line) as CommandMessage;
      if ('out' in message) io.out(message.out);
      else if ('err' in message) io.err(message.err);
      else code = message.code;
    });
    socket.on('error', (error) => {
      broken = error;
    });
    socket.once('close', () => {
      // Refused before connecting: a socket file left by a shop that was killed.
      if (!connected) return resolve(null);
      if (code === null) {
        io.err(
          `The running shop stopped answering before the command ended${broken ? ` (${broken.message})` : ''}.`,
        );
      }
      resolve(code ?? 1);
    });
  });
}
