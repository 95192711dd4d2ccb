import type { Browser, CDPSession } from 'playwright-core';

/**
 * CPU profiles of the page's dedicated workers (the counting workers), through the browser's
 * DevTools session: Playwright opens sessions for pages only, so each worker is attached as a
 * target and spoken to with Target.sendMessageToTarget.
 */
export class WorkerProfiler {
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();
  private readonly sessions: string[] = [];

  private constructor(private readonly cdp: CDPSession) {
    cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
      const message = JSON.parse(event.message) as { id?: number; result?: unknown };
      const resolve = message.id === undefined ? undefined : this.pending.get(message.id);
      if (resolve && message.id !== undefined) {
        this.pending.delete(message.id);
        resolve(message.result);
      }
    });
  }

  /** Starts profiling every worker running now (the pool starts its workers when a page opens). */
  static async start(browser: Browser, intervalMicros = 500): Promise<WorkerProfiler> {
    const profiler = new WorkerProfiler(await browser.newBrowserCDPSession());
    const { targetInfos } = (await profiler.cdp.send('Target.getTargets')) as {
      targetInfos: { targetId: string; type: string }[];
    };
    for (const target of targetInfos.filter((info) => info.type === 'worker')) {
      const { sessionId } = (await profiler.cdp.send('Target.attachToTarget', {
        targetId: target.targetId,
        flatten: false,
      })) as { sessionId: string };
      profiler.sessions.push(sessionId);
      await profiler.call(sessionId, 'Profiler.enable');
      await profiler.call(sessionId, 'Profiler.setSamplingInterval', { interval: intervalMicros });
      await profiler.call(sessionId, 'Profiler.start');
    }
    return profiler;
  }

  /** Stops every worker's profiler and gives their profiles, in the order the workers were found. */
  async stop(): Promise<unknown[]> {
    const profiles: unknown[] = [];
    for (const sessionId of this.sessions) {
      const result = (await this.call(sessionId, 'Profiler.stop')) as { profile: unknown };
      profiles.push(result.profile);
    }
    await this.cdp.detach();
    return profiles;
  }

  private call(sessionId: string, method: string, params: object = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      void this.cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
    });
  }
}
