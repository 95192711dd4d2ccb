// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { throttleRefresh } from './throttle-refresh.js';

describe('user refresh throttle', () => {
  it('skips calls while one is in flight and within 5 s of the last', async () => {
    let clock = 0;
    let release: () => void = () => undefined;
    const refresh = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const run = throttleRefresh(refresh, 5_000, () => clock);

    const first = run();
    void run();
    expect(refresh).toHaveBeenCalledTimes(1);
    release();
    await first;

    clock = 4_999;
    await run();
    expect(refresh).toHaveBeenCalledTimes(1);

    clock = 5_000;
    const third = run();
    release();
    await third;
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('lets a forced refresh through the cooldown', async () => {
    const refresh = vi.fn(async () => undefined);
    const run = throttleRefresh(refresh, 5_000, () => 0);
    await run();
    await run(true);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
