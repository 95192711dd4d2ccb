// Worker-thread side of the file stage: decode, transform and count one file per message.
import { parentPort } from 'node:worker_threads';
import { processFileTask } from './process-file-task.js';
import type { ProcessFileRequest } from './process-file-task.js';

if (!parentPort) throw new Error('process-file-worker must run in a worker thread');
const port = parentPort;

port.on('message', (request: ProcessFileRequest) => {
  processFileTask(request).then(
    ({ response, transfer }) => port.postMessage(response, transfer),
    (error: unknown) => {
      const detail = error instanceof Error ? error.message : String(error);
      port.postMessage({
        outcome: {
          ok: false,
          skipped: { path: request.path, reason: { kind: 'processing-failed', detail } },
        },
      });
    },
  );
});
