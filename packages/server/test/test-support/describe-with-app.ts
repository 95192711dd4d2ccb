import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import type { DatabaseKind } from '../../src/db/open-database.js';
import { startWorker, type RunningWorker } from '../../src/jobs/worker.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './test-database.js';

/** The app of a describeWithApp block, with the database under it. */
export interface AppUnderTest extends TestApp {
  readonly database: TestDatabase;
  readonly kind: DatabaseKind;
}

export interface DescribeWithAppOptions extends TestAppOptions {
  /** Empty the tables before every test (default); off when tests share what beforeAll made. */
  resetBetweenTests?: boolean;
  /** Run a job worker on the app's services, as ROLE=all does, so jobs are processed. */
  worker?: boolean;
  /** Each test's time limit, for blocks whose tests wait for several jobs. */
  timeout?: number;
}

/**
 * A describe block run once per database kind under test, with an app on a database of its
 * own: created before the block's tests, closed after them, and its tables emptied before each
 * test. `body` receives the app at once, but its fields are read only inside hooks and tests
 * (the app exists from the block's beforeAll on).
 */
export function describeWithApp(title: string, body: (t: AppUnderTest) => void): void;
export function describeWithApp(
  title: string,
  options: DescribeWithAppOptions,
  body: (t: AppUnderTest) => void,
): void;
export function describeWithApp(
  title: string,
  ...args: [(t: AppUnderTest) => void] | [DescribeWithAppOptions, (t: AppUnderTest) => void]
): void {
  const [options, body] = args.length === 1 ? [{}, args[0]] : args;
  const { resetBetweenTests = true, worker: withWorker = false, timeout, ...appOptions } = options;
  describe.each(databaseKinds())(`${title} on %s`, { timeout }, (kind) => {
    let database: TestDatabase | undefined;
    let testApp: TestApp | undefined;
    let worker: RunningWorker | undefined;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      testApp = await createTestApp(database, appOptions);
      if (withWorker) worker = await startWorker(testApp.app.services);
    });
    afterAll(async () => {
      await worker?.stop();
      await testApp?.app.close();
      await database?.destroy();
    });
    if (resetBetweenTests) beforeEach(() => database?.reset());

    const ready = (): { database: TestDatabase; testApp: TestApp } => {
      if (!database || !testApp) {
        throw new Error('describeWithApp: the app is read before its beforeAll has run');
      }
      return { database, testApp };
    };
    body({
      kind,
      get database() {
        return ready().database;
      },
      get app() {
        return ready().testApp.app;
      },
      get mail() {
        return ready().testApp.mail;
      },
      get logs() {
        return ready().testApp.logs;
      },
      get config() {
        return ready().testApp.config;
      },
    });
  });
}
