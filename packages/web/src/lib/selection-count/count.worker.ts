/// <reference lib="webworker" />
import { loadTokenCounter } from '@repobundle/engine/tokens';
import { countEntries, type FileCount } from './count-entries.js';
import type { CountReply, CountRequest } from './count-messages.js';

// Inflates and counts the archive's eligible files off the main thread, so the page stays
// responsive; results go back in batches a few times a second.

const BATCH_MS = 150;
const scope = self as unknown as DedicatedWorkerGlobalScope;

function post(reply: CountReply) {
  scope.postMessage(reply);
}

scope.onmessage = async (event: MessageEvent<CountRequest>) => {
  const { blob, jobs, encoding } = event.data;
  const started = performance.now();
  try {
    const counter = await loadTokenCounter(encoding);
    let batch: FileCount[] = [];
    let sentAt = performance.now();
    await countEntries(blob, jobs, counter, (count) => {
      batch.push(count);
      if (performance.now() - sentAt >= BATCH_MS) {
        post({ type: 'counts', counts: batch });
        batch = [];
        sentAt = performance.now();
      }
    });
    if (batch.length > 0) post({ type: 'counts', counts: batch });
    post({ type: 'done', ms: performance.now() - started });
  } catch (error) {
    post({ type: 'failed', detail: error instanceof Error ? error.message : String(error) });
  }
};
