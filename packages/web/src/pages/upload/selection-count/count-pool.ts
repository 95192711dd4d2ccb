import type { TokenizerName } from '@repobundle/contract/models';
import type { CountBatch, CountReply, CountRequest } from './count-messages.js';
import type { CountSession } from './count-session.js';

// The counting workers: one per core (at most MAX_WORKERS), started when a page that counts
// opens, so their vocabulary is loaded by the time an archive is chosen. They count one archive
// at a time; a newer archive replaces the one being counted. Several sessions of that archive
// (one per tokenizer) may count at once: the workers take their batches in turn, the files
// wanted now of every session before the rest.

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

/** One session being counted. */
interface CountJob {
  id: number;
  session: CountSession;
  run: CountRun;
}

export class CountPool {
  private readonly workers: PoolWorker[];
  private archive = 0;
  private blob: Blob | null = null;
  private jobs: CountJob[] = [];
  private lastJob = 0;
  /** Where the next batch is looked for first, so sessions take turns. */
  private turn = 0;
  /** Encodings the workers cannot count with, and why. */
  private readonly failures = new Map<TokenizerName, string>();
  /** Set when the workers cannot count at all. */
  private broken: string | null = null;

  constructor(size: number, create: () => Worker) {
    this.workers = Array.from({ length: size }, () => {
      const entry: PoolWorker = { worker: create(), inFlight: 0 };
      entry.worker.onmessage = (event: MessageEvent<CountReply>) => this.onReply(entry, event.data);
      entry.worker.onerror = () => this.fail(null, 'The counting worker stopped.');
      return entry;
    });
  }

  /**
   * Counts an archive's files with the session's tokenizer (what the session says, in its order),
   * alongside the other sessions of the same archive; a session of another archive replaces them.
   */
  start(blob: Blob, session: CountSession, run: CountRun): () => void {
    if (blob !== this.blob) this.switchArchive(blob);
    const job: CountJob = { id: ++this.lastJob, session, run };
    this.jobs.push(job);
    const failure = this.failureOf(session);
    if (failure) run.onFailed(failure);
    else this.dispatch();
    return () => {
      const at = this.jobs.indexOf(job);
      if (at === -1) return;
      this.jobs.splice(at, 1);
      // Counting may start again for the same session (an effect run twice): nothing is lost.
      // Answers still coming for this job are dropped.
      session.requeueInFlight();
      if (this.jobs.length === 0) this.switchArchive(null);
    };
  }

  /** Hands batches to every worker with room for one; call after a session's order changed. */
  dispatch(): void {
    if (this.broken) return;
    for (const entry of this.workers) {
      while (entry.inFlight < BATCHES_PER_WORKER) {
        const next = this.nextBatch();
        if (!next) return;
        entry.inFlight++;
        const request: CountRequest = {
          type: 'batch',
          archive: this.archive,
          job: next.job.id,
          encoding: next.job.session.encoding,
          entries: next.batch,
        };
        const { batch } = next;
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
    this.jobs = [];
    for (const entry of this.workers) entry.worker.terminate();
  }

  /** The sessions take turns: wanted files of any session first, then the rest. */
  private nextBatch(): { job: CountJob; batch: CountBatch } | null {
    const count = this.jobs.length;
    for (const wantedOnly of [true, false]) {
      for (let step = 0; step < count; step++) {
        const at = (this.turn + step) % count;
        const job = this.jobs[at]!;
        if (this.failureOf(job.session)) continue;
        const batch = job.session.nextBatch({ wantedOnly });
        if (batch) {
          this.turn = at + 1;
          return { job, batch };
        }
      }
    }
    return null;
  }

  /** Tells the workers which archive comes next (null: none); what they hold of others is dropped. */
  private switchArchive(blob: Blob | null) {
    for (const job of this.jobs) job.session.requeueInFlight();
    this.jobs = [];
    this.blob = blob;
    const archive = ++this.archive;
    for (const entry of this.workers) {
      entry.inFlight = 0;
      this.send(entry, { type: 'archive', archive, blob });
    }
  }

  private send(entry: PoolWorker, request: CountRequest) {
    entry.worker.postMessage(request);
  }

  private onReply(entry: PoolWorker, reply: CountReply) {
    if (reply.type === 'failed') return this.fail(reply.encoding, reply.detail);
    if (reply.archive !== this.archive) return;
    entry.inFlight--;
    const job = this.jobs.find((candidate) => candidate.id === reply.job);
    if (job && reply.type === 'counted') job.session.accept(reply);
    this.dispatch();
    job?.run.onProgress();
  }

  private failureOf(session: CountSession): string | undefined {
    return this.broken ?? this.failures.get(session.encoding);
  }

  /** Stops counting with one encoding (null: with any) and tells its sessions why. */
  private fail(encoding: TokenizerName | null, detail: string) {
    if (this.broken || (encoding && this.failures.has(encoding))) return;
    if (encoding) this.failures.set(encoding, detail);
    else this.broken = detail;
    for (const job of this.jobs) {
      if (encoding === null || job.session.encoding === encoding) job.run.onFailed(detail);
    }
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
