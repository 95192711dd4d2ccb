/// <reference lib="webworker" />
import { loadTokenCounter, type TokenCounter } from '@repobundle/engine/tokens';
import { countBatch, readBatch } from './count-batch.js';
import type { CountReply, CountRequest } from './count-messages.js';

// One of the counting workers (one per core). It loads the tokenizer's vocabulary as soon as it
// starts, before any archive is chosen, then counts the batches it is given in order; a batch's
// reads start the moment it arrives, so they overlap the counting of the batch before it.

const scope = self as unknown as DedicatedWorkerGlobalScope;
const counterReady: Promise<TokenCounter> = loadTokenCounter('o200k_base');

function post(reply: CountReply, transfer: Transferable[] = []) {
  scope.postMessage(reply, transfer);
}

counterReady.catch((error: unknown) =>
  post({ type: 'failed', detail: error instanceof Error ? error.message : String(error) }),
);

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
  queue = queue
    .then(async () => {
      // A newer archive makes this batch's figures useless: skip the work.
      if (request.archive !== archive) return;
      const counter = await counterReady;
      const counts = await countBatch(source, request.entries, runs, counter);
      post({ type: 'counted', archive: request.archive, ...counts }, [
        counts.files.buffer,
        counts.lines.buffer,
        counts.tokens.buffer,
      ]);
    })
    // Only a vocabulary that did not load gets here, and that was reported when it failed.
    .catch(() => undefined);
};
