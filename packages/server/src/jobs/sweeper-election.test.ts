import { describe, expect, it } from 'vitest';
import { createSweeperElection } from './sweeper-election.js';

const silent = { info: () => undefined, warn: () => undefined };

describe('the sweeper election', () => {
  it('on the embedded database, the one process always sweeps', async () => {
    const election = createSweeperElection(null, silent);
    expect(await election.holdsRole()).toBe(true);
    expect(await election.holdsRole()).toBe(true);
  });

  // Advisory locks are PostgreSQL's: CI runs this against the machine's server.
  const url = process.env.TEST_DATABASE_URL;
  it.runIf(url)('on PostgreSQL, one worker of the cluster sweeps; another takes over', async () => {
    const workers = [0, 1, 2].map(() => createSweeperElection(url!, silent));
    try {
      const first = await Promise.all(workers.map((w) => w.holdsRole()));
      expect(first.filter(Boolean)).toHaveLength(1);
      // The holder keeps the role on every later sweep; the others keep being refused.
      const again = await Promise.all(workers.map((w) => w.holdsRole()));
      expect(again).toEqual(first);
      const holder = first.indexOf(true);
      await workers[holder]!.release();
      const rest = workers.filter((_, i) => i !== holder);
      const next = await Promise.all(rest.map((w) => w.holdsRole()));
      expect(next.filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all(workers.map((w) => w.release()));
    }
  });
});
