import { setImmediate as afterIo } from 'node:timers/promises';

/**
 * Work a request starts and does not wait for (a payment's emails, decision 0052), kept track of:
 * the shop waits for it before it closes, and tests wait for it instead of polling the outbox.
 */
export interface AfterAnswer {
  /**
   * Runs `task` once the answer has been written (the next turn of the event loop), the caller
   * not waiting; a throw is logged with `what`, as the task's own failures should be.
   */
  run(what: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far, and any started while waiting, has ended. */
  settled(): Promise<void>;
}

export function createAfterAnswer(log: { error(object: object, message: string): void }) {
  const pending = new Set<Promise<void>>();
  const afterAnswer: AfterAnswer = {
    run(what, task) {
      const running: Promise<void> = afterIo()
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error }, what),
        )
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
  return afterAnswer;
}
