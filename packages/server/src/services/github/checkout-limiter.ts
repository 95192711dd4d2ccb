import { AppError } from '../../errors.js';

/**
 * At most `max` repository checkouts at once in this process: each clones into DATA_DIR and runs
 * git, so a burst of imports must not exhaust the disk or the cores. Callers past the limit wait
 * in order; one that has waited `waitMs` gives up with a 503 the person can retry.
 */
export function createCheckoutLimiter(max: number, waitMs: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  const acquire = (): Promise<void> => {
    if (running < max) {
      running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        running++;
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(grant), 1);
        reject(
          new AppError(
            503,
            'REPOSITORY_UNAVAILABLE',
            'Too many repositories are being fetched right now. Please try again in a minute.',
            { headers: { 'retry-after': '60' } },
          ),
        );
      }, waitMs);
      waiting.push(grant);
    });
  };

  const release = () => {
    running--;
    waiting.shift()?.();
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/** The process's limiter: four checkouts at once, a minute's wait at most. */
export const checkoutLimiter = createCheckoutLimiter(4, 60_000);
