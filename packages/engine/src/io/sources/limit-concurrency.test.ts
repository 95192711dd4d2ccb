import { describe, expect, it } from 'vitest';
import { createLimiter } from './limit-concurrency.js';

describe('createLimiter', () => {
  it('never runs more than the limit at once and runs every task', async () => {
    const limit = createLimiter(3);
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        limit(async () => {
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, 1));
          active -= 1;
          return index;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(results).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it('frees the slot when a task fails', async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('keeps the limit when a newcomer arrives while a slot is being handed over', async () => {
    const limit = createLimiter(1);
    let active = 0;
    let peak = 0;
    const task = async () => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 1));
      active -= 1;
    };
    let finishFirst = () => {};
    const first = limit(() => new Promise<void>((resolve) => (finishFirst = resolve)));
    const waiter = limit(task);
    // The newcomer's microtask is queued right behind the first task's release, ahead of the
    // waiter's wake-up: exactly the window in which a naive limiter lets two run at once.
    finishFirst();
    const newcomer = Promise.resolve().then(() => limit(task));
    await Promise.all([first, waiter, newcomer]);
    expect(peak).toBe(1);
  });
});
