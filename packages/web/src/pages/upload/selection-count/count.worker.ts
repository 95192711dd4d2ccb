/// <reference lib="webworker" />
import type { TokenizerName } from '@repobundle/contract/models';
import type { TokenCounter } from '@repobundle/engine/tokens';
import { countBatch, readBatch } from './count-batch.js';
import type { CountReply, CountRequest } from './count-messages.js';
import { loadBrowserCounter } from './load-browser-counter.js';

// One of the counting workers (one per core). It loads o200k_base's vocabulary as soon as it
// starts, before any archive is chosen, and another tokenizer's only when a batch asks for it
// (a model with that tokenizer was chosen); then counts the batches it is given in order. A
// batch's reads start the moment it arrives, so they overlap the counting of the batch before it.

const scope = self as unknown as DedicatedWorkerGlobalScope;
const counters = new Map<TokenizerName, Promise<TokenCounter>>();

function post(reply: CountReply, transfer: Transferable[] = []) {
  scope.postMessage(reply, transfer);
}

function counterFor(encoding: TokenizerName): Promise<TokenCounter> {
  let counter = counters.get(encoding);
  if (counter === undefined) {
    counter = loadBrowserCounter(encoding);
    counter.catch((error: unknown) =>
      post({
        type: 'failed',
        encoding,
        detail: error instanceof Error ? error.message : String(error),
      }),
    );
    counters.set(encoding, counter);
  }
  return counter;
}

counterFor('o200k_base');

let archive = -1;
let blob: Blob | null = null;
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event: MessageEvent<CountRequest>) => {
  const request = event.data;
  if (request.type === 'archive') {
    archive = request.archive;
    blob = request.blob;
    return;
  }
  if (request.archive !== archive || blob === null) return;
  const source = blob;
  const runs = readBatch(source, request.entries);
  const { job } = request;
  queue = queue.then(async () => {
    // A newer archive makes this batch's figures useless: skip the work.
    if (request.archive !== archive) return;
    let counts;
    try {
      const counter = await counterFor(request.encoding);
      counts = await countBatch(source, request.entries, runs, counter);
    } catch {
      // A vocabulary that did not load was reported then; the pool still needs each batch back.
      post({ type: 'skipped', archive: request.archive, job });
      return;
    }
    post({ type: 'counted', archive: request.archive, job, ...counts }, [
      counts.files.buffer,
      counts.lines.buffer,
      counts.tokens.buffer,
    ]);
  });
};
