import type { TokenizerName } from '@repobundle/contract/models';
import { describe, expect, it } from 'vitest';
import type { ZipEntry } from '../zip/read-central-directory.js';
import type { CountReply, CountRequest } from './count-messages.js';
import { CountPool, type CountRun } from './count-pool.js';
import { COUNTED, CountSession } from './count-session.js';

/** A worker that keeps the batches it is sent; the test answers them. */
class FakeWorker {
  onmessage: ((event: MessageEvent<CountReply>) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly received: CountRequest[] = [];

  postMessage(request: CountRequest) {
    this.received.push(request);
  }

  terminate() {}

  batches() {
    return this.received.filter(
      (request): request is Extract<CountRequest, { type: 'batch' }> => request.type === 'batch',
    );
  }

  /** Answers a batch: every file counted, `tokens` tokens each. */
  count(request: Extract<CountRequest, { type: 'batch' }>, tokens: number) {
    const n = request.entries.files.length;
    this.reply({
      type: 'counted',
      archive: request.archive,
      job: request.job,
      files: request.entries.files,
      lines: new Float64Array(n).fill(1),
      tokens: new Float64Array(n).fill(tokens),
      failures: [],
    });
  }

  reply(reply: CountReply) {
    this.onmessage?.({ data: reply } as MessageEvent<CountReply>);
  }
}

/** Entries of 400 kB: one batch holds two of them. */
function entries(count = 4): ZipEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    path: `f${i}.ts`,
    size: 1_200_000,
    compressedSize: 400_000,
    method: 8,
    flags: 0,
    localHeaderOffset: i * 400_100,
  }));
}

function sessionFor(encoding: TokenizerName, wanted: number[] = [0, 1, 2, 3], count = 4) {
  const all = entries(count);
  const session = new CountSession(
    all.length,
    all.map((entry, file) => ({ file, entry })),
    all,
    count * 400_100,
    encoding,
  );
  session.prioritize(wanted);
  return session;
}

function recorder(): CountRun & { failures: string[]; progress: number } {
  const run = {
    failures: [] as string[],
    progress: 0,
    onProgress: () => run.progress++,
    onFailed: (detail: string) => run.failures.push(detail),
  };
  return run;
}

function poolOf(size: number) {
  const workers: FakeWorker[] = [];
  const pool = new CountPool(size, () => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker as unknown as Worker;
  });
  return { pool, workers };
}

const blob = new Blob([new Uint8Array(16)]);

describe('CountPool', () => {
  it("counts a second tokenizer's session beside o200k_base, each batch with its encoding", () => {
    const { pool, workers } = poolOf(1);
    const worker = workers[0]!;
    const o200k = sessionFor('o200k_base', [0, 1]);
    pool.start(blob, o200k, recorder());
    expect(worker.batches().map((batch) => batch.encoding)).toEqual(['o200k_base', 'o200k_base']);

    const llama = sessionFor('llama3', [0, 1]);
    const llamaRun = recorder();
    pool.start(blob, llama, llamaRun);
    // The worker is full: nothing more until it answers.
    expect(worker.batches()).toHaveLength(2);
    const [first, second] = worker.batches();
    worker.count(first!, 5);
    // Llama 3's wanted files come before o200k_base's other files.
    expect(worker.batches()[2]).toMatchObject({ encoding: 'llama3' });
    expect([...worker.batches()[2]!.entries.files]).toEqual([0, 1]);
    worker.count(second!, 5);
    worker.count(worker.batches()[2]!, 7);
    expect([...o200k.tokens]).toEqual([5, 5, 5, 5]);
    expect(llama.tokens[0]).toBe(7);
    expect(llama.state[1]).toBe(COUNTED);
    expect(llamaRun.progress).toBe(1);
    // The workers' single archive is the same blob throughout.
    expect(worker.received.filter((request) => request.type === 'archive')).toHaveLength(1);
  });

  it("hands out every session's wanted files before any session's other files", () => {
    const { pool, workers } = poolOf(1);
    const worker = workers[0]!;
    const cl100k = sessionFor('cl100k_base', [], 8);
    pool.start(blob, cl100k, recorder());
    const o200k = sessionFor('o200k_base', [0, 1, 2, 3], 8);
    pool.start(blob, o200k, recorder());
    for (const batch of worker.batches()) worker.count(batch, 1);
    expect(worker.batches().map((batch) => batch.encoding)).toEqual([
      'cl100k_base',
      'cl100k_base',
      'o200k_base',
      'o200k_base',
    ]);
  });

  it('keeps counting o200k_base when another vocabulary fails to load', () => {
    const { pool, workers } = poolOf(1);
    const worker = workers[0]!;
    const o200k = sessionFor('o200k_base');
    const o200kRun = recorder();
    const llama = sessionFor('llama3');
    const llamaRun = recorder();
    pool.start(blob, llama, llamaRun);
    pool.start(blob, o200k, o200kRun);
    const llamaBatches = worker.batches();
    expect(llamaBatches.map((batch) => batch.encoding)).toEqual(['llama3', 'llama3']);
    worker.reply({ type: 'failed', encoding: 'llama3', detail: 'no vocabulary' });
    for (const batch of llamaBatches) {
      worker.reply({ type: 'skipped', archive: batch.archive, job: batch.job });
    }
    expect(llamaRun.failures).toEqual(['no vocabulary']);
    expect(o200kRun.failures).toEqual([]);
    // The freed places go to o200k_base, never to Llama 3 again.
    const o200kBatches = worker.batches().slice(2);
    expect(o200kBatches.map((batch) => batch.encoding)).toEqual(['o200k_base', 'o200k_base']);
    for (const batch of o200kBatches) worker.count(batch, 1);
    expect(o200k.remaining).toBe(0);
    expect(worker.batches()).toHaveLength(4);
    // A later session of the failed tokenizer is told at once.
    const again = recorder();
    pool.start(blob, sessionFor('llama3'), again);
    expect(again.failures).toEqual(['no vocabulary']);
  });

  it("drops a stopped session's answers and keeps what it counted for a restart", () => {
    const { pool, workers } = poolOf(1);
    const worker = workers[0]!;
    const cl100k = sessionFor('cl100k_base');
    const stop = pool.start(blob, cl100k, recorder());
    const o200k = sessionFor('o200k_base', []);
    pool.start(blob, o200k, recorder());
    const [counted, unanswered] = worker.batches();
    worker.count(counted!, 2);
    // cl100k_base has nothing left to hand out: the freed place goes to o200k_base.
    expect(worker.batches()[2]).toMatchObject({ encoding: 'o200k_base' });
    stop();
    // Its answer after the stop is dropped, and its place taken by o200k_base's next batch.
    worker.count(unanswered!, 9);
    expect([...cl100k.tokens]).toEqual([2, 2, 0, 0]);
    expect(cl100k.remaining).toBe(2);
    expect(worker.batches()[3]).toMatchObject({ encoding: 'o200k_base' });
    // Counted again later, it picks up where it stopped.
    pool.start(blob, cl100k, recorder());
    worker.count(worker.batches()[2]!, 1);
    const resumed = worker.batches()[4]!;
    expect(resumed.encoding).toBe('cl100k_base');
    expect([...resumed.entries.files]).toEqual([2, 3]);
  });

  it('replaces every session when another archive starts', () => {
    const { pool, workers } = poolOf(1);
    const worker = workers[0]!;
    const old = sessionFor('o200k_base');
    const oldRun = recorder();
    pool.start(blob, old, oldRun);
    const stale = worker.batches()[0]!;
    const next = sessionFor('o200k_base');
    pool.start(new Blob([new Uint8Array(8)]), next, recorder());
    worker.count(stale, 3);
    expect(oldRun.progress).toBe(0);
    expect(old.remaining).toBe(4);
    expect(next.tokens[0]).toBe(0);
  });
});
