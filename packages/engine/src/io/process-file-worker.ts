// Worker-thread side of the pool: runs one request per message and answers each exactly once.
import { parentPort } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from './process-file-task.js';
import { runWorkerRequest } from './process-file-task.js';

if (!parentPort) throw new Error('process-file-worker must run in a worker thread');
const port = parentPort;

port.on('message', (request: WorkerRequest) => {
  runWorkerRequest(request).then(
    ({ response, transfer }) => port.postMessage(response, transfer),
    (error: unknown) => {
      const detail = error instanceof Error ? error.message : String(error);
      const response: WorkerResponse =
        request.kind === 'process'
          ? {
              kind: 'process',
              outcome: {
                ok: false,
                skipped: { path: request.path, reason: { kind: 'processing-failed', detail } },
              },
            }
          : { kind: 'count', counts: request.texts.map(() => Number.NaN) };
      port.postMessage(response);
    },
  );
});
