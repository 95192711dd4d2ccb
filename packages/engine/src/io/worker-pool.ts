import { Worker } from 'node:worker_threads';
import type { TransferListItem } from 'node:worker_threads';

interface Task<Request, Response> {
  readonly request: Request;
  readonly transfer: readonly TransferListItem[];
  resolve(response: Response): void;
  reject(error: Error): void;
}

interface Slot<Request, Response> {
  worker: Worker;
  current: Task<Request, Response> | undefined;
}

/**
 * A fixed-size pool of worker threads running one script. Each worker takes one task at a time;
 * a crashed worker fails its task (the caller records it against that file) and is replaced.
 * The script answers every message with exactly one message.
 */
export class WorkerPool<Request, Response> {
  private readonly slots: Slot<Request, Response>[] = [];
  private readonly queue: Task<Request, Response>[] = [];
  private closed = false;

  constructor(
    private readonly script: URL,
    readonly size: number,
  ) {
    if (size < 1) throw new Error('a worker pool needs at least one worker');
  }

  run(request: Request, transfer: readonly TransferListItem[] = []): Promise<Response> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise<Response>((resolve, reject) => {
      this.queue.push({ request, transfer, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the worker pool is closed'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.idleSlot();
      if (!slot) return;
      const task = this.queue.shift() as Task<Request, Response>;
      slot.current = task;
      slot.worker.ref();
      slot.worker.postMessage(task.request, [...task.transfer]);
    }
  }

  private idleSlot(): Slot<Request, Response> | undefined {
    const idle = this.slots.find((slot) => slot.current === undefined);
    if (idle) return idle;
    if (this.slots.length >= this.size) return undefined;
    const slot = this.spawn();
    this.slots.push(slot);
    return slot;
  }

  private spawn(): Slot<Request, Response> {
    const worker = this.script.pathname.endsWith('.ts')
      ? // Running from TypeScript sources (tests, tsx): load tsx's hooks inside the thread first.
        new Worker(
          `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(this.script.href)}); });`,
          { eval: true },
        )
      : new Worker(this.script);
    const slot: Slot<Request, Response> = { worker, current: undefined };
    worker.on('message', (response: Response) => {
      const task = slot.current;
      slot.current = undefined;
      slot.worker.unref();
      task?.resolve(response);
      this.dispatch();
    });
    const fail = (error: Error) => {
      const task = slot.current;
      slot.current = undefined;
      const index = this.slots.indexOf(slot);
      if (index !== -1) this.slots.splice(index, 1);
      task?.reject(error);
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.slots.includes(slot)) fail(new Error(`worker stopped with exit code ${code}`));
    });
    // A worker holds the process open only while it has a task; idle ones never keep it alive.
    worker.unref();
    return slot;
  }
}
