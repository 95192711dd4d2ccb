import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has gone out, so that an answer's timing does not depend on it
 * (whether an account exists must not show in how long a request takes). Failures are logged;
 * `idle()` waits for what is running (the app's close, and tests).
 */
export interface BackgroundTasks {
  run(name: string, task: () => Promise<unknown>): void;
  idle(): Promise<void>;
}

export function createBackgroundTasks(logger: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      // setImmediate: the answer is written out first, before the task's queries take the
      // (possibly embedded, in-process) database.
      const promise = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) =>
          logger.error({ err: error, task: name }, 'background task failed'),
        )
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
