import { Worker } from 'node:worker_threads';
import type { TransferListItem } from 'node:worker_threads';

interface Task<Request, Response> {
  readonly id: number;
  readonly request: Request;
  readonly transfer: readonly TransferListItem[];
  resolve(response: Response): void;
  reject(error: Error): void;
}

interface Slot<Request, Response> {
  readonly worker: Worker;
  readonly running: Map<number, Task<Request, Response>>;
}

/** What goes over the wire: the pool's task id lets answers come back in any order. */
export interface Envelope<Message> {
  readonly id: number;
  readonly message: Message;
}

/**
 * Tasks given to one worker before earlier ones are answered: the next message is already
 * waiting when a worker finishes, so it never idles while the main thread is busy. With two, a
 * first run of the bench's npm18 corpus on two cores left each thread idle for about 350 ms in
 * gaps of 0.5 to 20 ms (a run of small files answered faster than the main thread, sharing the
 * cores, sent more); with six, 4.72 s against 4.90 s (means of four runs, alternating). Twelve
 * was no faster and held more memory.
 */
export const TASKS_PER_WORKER = 6;

/**
 * The threads' young generation: tokenizing allocates many short-lived strings. Measured on a
 * first run of the bench's npm18 corpus with two threads (three runs each): 24 MB ran as fast as
 * 48 MB or faster (6.74 to 7.04 s against 7.00 to 7.12 s) with about 50 MB less peak RSS (537 to
 * 560 MB against 589 to 621 MB); 32 MB measured as 48 MB, 16 MB as 24 MB.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 24 };

/**
 * A fixed-size pool of worker threads running one script (see serveWorkerRequests). A crashed
 * worker fails the tasks it held (callers record them against their files) and is replaced.
 */
export class WorkerPool<Request, Response> {
  private readonly slots: Slot<Request, Response>[] = [];
  private readonly queue: Task<Request, Response>[] = [];
  private nextId = 0;
  private closed = false;
  /** Threads started so far, replacements of crashed ones included. */
  started = 0;

  constructor(
    private readonly script: URL,
    readonly size: number,
  ) {
    if (size < 1) throw new Error('a worker pool needs at least one worker');
  }

  run(request: Request, transfer: readonly TransferListItem[] = []): Promise<Response> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise<Response>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, request, transfer, resolve, reject });
      this.dispatch();
    });
  }

  /**
   * Runs `request` once on every thread started so far, after the tasks it was given before; a
   * thread that fails it is skipped.
   */
  async runOnEach(request: Request): Promise<void> {
    if (this.closed) return;
    await Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<void>((resolve) => {
            const task: Task<Request, Response> = {
              id: this.nextId++,
              request,
              transfer: [],
              resolve: () => resolve(),
              reject: () => resolve(),
            };
            this.post(slot, task);
          }),
      ),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the worker pool is closed'));
    // Until every thread has exited, the caller awaits this promise: the workers must hold the
    // event loop (an unreferenced one would let Node exit with that await still pending).
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        slot.worker.ref();
        return slot.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.freeSlot();
      if (!slot) return;
      this.post(slot, this.queue.shift() as Task<Request, Response>);
    }
  }

  /** Hands a task to a worker, which holds the process open until it answers. */
  private post(slot: Slot<Request, Response>, task: Task<Request, Response>): void {
    slot.running.set(task.id, task);
    slot.worker.ref();
    const envelope: Envelope<Request> = { id: task.id, message: task.request };
    slot.worker.postMessage(envelope, [...task.transfer]);
  }

  /** The least busy worker with room, starting a new one while the pool is not full. */
  private freeSlot(): Slot<Request, Response> | undefined {
    let best: Slot<Request, Response> | undefined;
    for (const slot of this.slots) {
      if (slot.running.size < (best?.running.size ?? TASKS_PER_WORKER)) best = slot;
    }
    if (best?.running.size === 0 || this.slots.length >= this.size) return best;
    const slot = this.spawn();
    this.slots.push(slot);
    return slot;
  }

  private spawn(): Slot<Request, Response> {
    this.started++;
    const worker = this.script.pathname.endsWith('.ts')
      ? // Running from TypeScript sources (tests, tsx): load tsx's hooks inside the thread first.
        new Worker(
          `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(this.script.href)}); });`,
          { eval: true, resourceLimits: WORKER_LIMITS },
        )
      : new Worker(this.script, { resourceLimits: WORKER_LIMITS });
    const slot: Slot<Request, Response> = { worker, running: new Map() };
    worker.on('message', (envelope: Envelope<Response>) => {
      const task = slot.running.get(envelope.id);
      slot.running.delete(envelope.id);
      // A worker holds the process open only while it has tasks; idle ones never keep it alive.
      // A closing pool keeps its workers referenced: an answer arriving during close() must not
      // let go of the thread that close() is waiting for.
      if (slot.running.size === 0 && !this.closed) worker.unref();
      task?.resolve(envelope.message);
      this.dispatch();
    });
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index === -1) return;
      this.slots.splice(index, 1);
      for (const task of slot.running.values()) task.reject(error);
      slot.running.clear();
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`worker stopped with exit code ${code}`)));
    worker.unref();
    return slot;
  }
}
