import type { CountReply, CountRequest } from './count-messages.js';
import type { CountSession } from './count-session.js';

// The counting workers: one per core (at most MAX_WORKERS), started when a page that counts
// opens, so their vocabulary is loaded by the time an archive is chosen. They count one archive
// at a time; a newer archive replaces the one being counted.

const MAX_WORKERS = 4;
/** Batches a worker holds at once: one counting, the next one's reads under way. */
const BATCHES_PER_WORKER = 2;
/** A page left and come back to within this time keeps the loaded workers. */
const IDLE_STOP_MS = 10_000;

export interface CountRun {
  /** Called after each batch (figures stored in the session) and once more when all are done. */
  onProgress(): void;
  /** The workers cannot count (no Worker support, or a vocabulary that did not load). */
  onFailed(detail: string): void;
}

interface PoolWorker {
  worker: Worker;
  inFlight: number;
}

export class CountPool {
  private readonly workers: PoolWorker[];
  private archive = 0;
  private current: { session: CountSession; run: CountRun; blob: Blob } | null = null;
  private failure: string | null = null;

  constructor(size: number, create: () => Worker) {
    this.workers = Array.from({ length: size }, () => {
      const entry: PoolWorker = { worker: create(), inFlight: 0 };
      entry.worker.onmessage = (event: MessageEvent<CountReply>) => this.onReply(entry, event.data);
      entry.worker.onerror = () => this.fail('The counting worker stopped.');
      return entry;
    });
  }

  /** Counts an archive's files (what the session says, in its order), replacing any other. */
  start(blob: Blob, session: CountSession, run: CountRun): () => void {
    const archive = ++this.archive;
    this.current = { session, run, blob };
    for (const entry of this.workers) {
      entry.inFlight = 0;
      this.send(entry, { type: 'archive', archive, blob });
    }
    if (this.failure) run.onFailed(this.failure);
    else this.dispatch();
    return () => {
      if (this.current?.session !== session) return;
      this.current = null;
      // Counting may start again for the same session (an effect run twice): nothing is lost.
      session.requeueInFlight();
      // Workers drop what they still hold of this archive.
      const stopped = ++this.archive;
      for (const entry of this.workers)
        this.send(entry, { type: 'archive', archive: stopped, blob: null });
    };
  }

  /** Hands batches to every worker with room for one; call after the session's order changed. */
  dispatch(): void {
    const current = this.current;
    if (!current || this.failure) return;
    for (const entry of this.workers) {
      while (entry.inFlight < BATCHES_PER_WORKER) {
        const batch = current.session.nextBatch();
        if (!batch) return;
        entry.inFlight++;
        const request: CountRequest = { type: 'batch', archive: this.archive, entries: batch };
        entry.worker.postMessage(request, [
          batch.files.buffer,
          batch.offsets.buffer,
          batch.ends.buffer,
          batch.compressedSizes.buffer,
          batch.sizes.buffer,
          batch.methods.buffer,
          batch.flags.buffer,
        ]);
      }
    }
  }

  terminate(): void {
    this.current = null;
    for (const entry of this.workers) entry.worker.terminate();
  }

  private send(entry: PoolWorker, request: CountRequest) {
    entry.worker.postMessage(request);
  }

  private onReply(entry: PoolWorker, reply: CountReply) {
    if (reply.type === 'failed') return this.fail(reply.detail);
    if (reply.archive !== this.archive || !this.current) return;
    entry.inFlight--;
    this.current.session.accept(reply);
    this.dispatch();
    this.current?.run.onProgress();
  }

  private fail(detail: string) {
    if (this.failure) return;
    this.failure = detail;
    this.current?.run.onFailed(detail);
  }
}

let shared: CountPool | null = null;
let users = 0;
let stopTimer: ReturnType<typeof setTimeout> | undefined;

function createWorker(): Worker {
  return new Worker(new URL('./count.worker.ts', import.meta.url), { type: 'module' });
}

/** The shared pool, started on first use; null where the browser has no Worker. */
export function acquireCountPool(): CountPool | null {
  if (typeof Worker === 'undefined') return null;
  clearTimeout(stopTimer);
  users++;
  if (!shared) {
    const cores = Math.max(1, navigator.hardwareConcurrency || 1);
    shared = new CountPool(Math.min(MAX_WORKERS, cores), createWorker);
  }
  return shared;
}

/** Gives the pool back; the workers stop a while after its last user left. */
export function releaseCountPool(): void {
  users = Math.max(0, users - 1);
  if (users > 0) return;
  clearTimeout(stopTimer);
  stopTimer = setTimeout(() => {
    shared?.terminate();
    shared = null;
  }, IDLE_STOP_MS);
}
