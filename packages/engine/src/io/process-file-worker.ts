// Worker-thread side of the pool: runs each request and answers it exactly once, under its id.
import { parentPort } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from './process-file-task.js';
import { runWorkerRequest } from './process-file-task.js';
import type { Envelope } from './worker-pool.js';

if (!parentPort) throw new Error('process-file-worker must run in a worker thread');
const port = parentPort;

port.on('message', ({ id, message: request }: Envelope<WorkerRequest>) => {
  runWorkerRequest(request, { stored: true }).then(
    ({ response, transfer }) => port.postMessage({ id, message: response }, transfer),
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
          : request.kind === 'count'
            ? { kind: 'count', counts: request.texts.map(() => Number.NaN) }
            : request.kind === 'measure'
              ? {
                  kind: 'measure',
                  measures: request.entries.map(() => ({ ok: false, reason: detail })),
                }
              : { kind: 'flush' };
      port.postMessage({ id, message: response });
    },
  );
});
