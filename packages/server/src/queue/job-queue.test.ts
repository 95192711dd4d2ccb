import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-support/test-database.js';
import { openDatabase, type DatabaseHandle } from '../db/open-database.js';
import { startJobQueue, type JobQueue } from './job-queue.js';

// Several processes starting at once on a fresh database is PostgreSQL's case: the embedded
// database serves one process.
describe.runIf(process.env.TEST_DATABASE_URL)('job queues starting together on PostgreSQL', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('all start when several processes create the queue at the same moment', async () => {
    for (let round = 0; round < 4; round++) {
      const database: TestDatabase = await createTestDatabase('postgres');
      cleanup.push(() => database.destroy());
      // One pool per "process", as separate workers have.
      const handles: DatabaseHandle[] = await Promise.all(
        [0, 1, 2].map(() => openDatabase({ kind: 'postgres', url: database.url! })),
      );
      cleanup.push(() => Promise.all(handles.map((handle) => handle.close())).then(() => {}));
      const started = await Promise.allSettled(handles.map((handle) => startJobQueue(handle.db)));
      const queues = started.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      );
      cleanup.push(() => Promise.all(queues.map((queue: JobQueue) => queue.stop())).then(() => {}));
      expect(
        started.map((result) =>
          result.status === 'fulfilled' ? 'started' : String(result.reason),
        ),
      ).toEqual(['started', 'started', 'started']);
    }
  }, 60_000);
});
