import type { FastifyInstance } from 'fastify';

/**
 * Work taken from a queue in the database in batches (webhook deliveries, queued e-mails), run
 * until nothing is due. `takeSome` answers how many items it took; 0 ends the run.
 */
export interface DrainLoop {
  /** Starts a run, or makes the run going now go round once more; resolves when it ends. */
  kick(): Promise<void>;
  /** Resolves once the run going now (if any) has ended. */
  idle(): Promise<void>;
}

export function createDrainLoop(
  takeSome: () => Promise<number>,
  onError: (error: unknown) => void,
): DrainLoop {
  let running: Promise<void> | undefined;
  let again = false;
  return {
    kick() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            while ((await takeSome()) > 0);
          } while (again);
        } catch (error) {
          onError(error);
        } finally {
          running = undefined;
        }
      })();
      return running;
    },
    idle: async () => {
      await running;
    },
  };
}

export interface BackgroundWorkerOptions {
  /** The database's LISTEN: a commit that queued work wakes this process's loop at once. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** The channel the queue's trigger notifies at commit. */
  channel: string;
  /** How often the loop looks for due retries (and leases run out) without being woken. */
  tickMs: number;
}

/**
 * Runs `loop` while the app is up: at start (what was left pending when the shop last stopped),
 * when a commit anywhere notifies `channel`, and every `tickMs`; the app's close waits for the run
 * going on.
 */
export function runInBackground(
  app: FastifyInstance,
  loop: DrainLoop,
  { listen, channel, tickMs }: BackgroundWorkerOptions,
): void {
  let ticker: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopListening = await listen(channel, () => void loop.kick());
    ticker = setInterval(() => void loop.kick(), tickMs);
    ticker.unref();
    void loop.kick();
  });
  app.addHook('onClose', async () => {
    if (ticker) clearInterval(ticker);
    await stopListening?.();
    await loop.idle();
  });
}
