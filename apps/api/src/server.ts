import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { usePrivateUmask } from './data-dir.ts';
import { DatabaseInUseError } from './db/lock.ts';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`Invalid configuration: ${problem}`);
      process.exit(1);
    }
    throw error;
  }
}

// Before anything is written: DATA_DIR holds orders, password hashes and reset links.
usePrivateUmask();
const config = readConfig();
const app = await buildApp(config, { serveStorefront: true, serveCommands: true }).catch(
  (error: unknown) => {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  },
);

let closing = false;
async function shutdown(signal: NodeJS.Signals) {
  if (closing) return;
  closing = true;
  // SIGTERM is how a balanced deployment stops a process: fail /readyz at once and keep answering
  // (in-flight and new requests) until the balancer has noticed, then close. Ctrl-C closes at once.
  const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
  app.log.info({ signal, drainMs }, 'shutting down');
  app.startDraining();
  // Fastify stops accepting connections and drains; its onClose hook then closes the database.
  const forceExit = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, drainMs + 10_000);
  forceExit.unref();
  try {
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'could not start the server');
  await app.close().catch(() => undefined);
  process.exit(1);
}
