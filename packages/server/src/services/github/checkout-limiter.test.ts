import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { createCheckoutLimiter } from './checkout-limiter.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe('checkout limiter', () => {
  it('runs at most `max` tasks at once and starts the waiting ones in order', async () => {
    const limiter = createCheckoutLimiter(2, 5_000);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      limiter.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([0, 1]);
    expect(limiter.waiting).toBe(1);
    gates[1]!.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(limiter.running).toBe(0);
  });

  it('frees its place when a task fails', async () => {
    const limiter = createCheckoutLimiter(1, 5_000);
    await expect(limiter.run(() => Promise.reject(new Error('clone failed')))).rejects.toThrow(
      'clone failed',
    );
    expect(await limiter.run(async () => 'next')).toBe('next');
  });

  it('answers 503 with Retry-After to a caller that waited too long, and forgets it', async () => {
    const limiter = createCheckoutLimiter(1, 20);
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const refused = await limiter.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'REPOSITORY_UNAVAILABLE' });
    expect((refused as AppError).extra.headers).toEqual({ 'retry-after': '60' });
    expect(limiter.waiting).toBe(0);
    gate.resolve();
    await first;
    expect(limiter.running).toBe(0);
  });
});
