// Test support only (imported by *.test.ts).
import fc from 'fast-check';

/**
 * Like fc.assert, but reports the seed and the broken guarantee without dumping huge inputs.
 * `FC_SEED=<seed>` replays a reported failure, `FC_SEED=random` tries new inputs (otherwise the
 * test's own seed or the suite's global one runs); `FC_RUNS=<n>` runs more (or fewer) inputs
 * than the test asks for, to look for rare failures.
 */
export async function assertProperty<T>(
  property: fc.IAsyncProperty<T>,
  numRuns: number,
  /** A seed that once found a defect: its runs, replayed as a regression test. */
  fixedSeed?: number,
): Promise<void> {
  const asked = process.env.FC_SEED;
  const seed = asked === 'random' ? undefined : (asked ?? fixedSeed);
  const result = await fc.check(property, {
    numRuns: Number(process.env.FC_RUNS ?? numRuns),
    endOnFailure: true,
    ...(seed === undefined ? {} : { seed: Number(seed) }),
  });
  if (result.failed) {
    const cause =
      result.errorInstance instanceof Error
        ? result.errorInstance.message
        : String(result.errorInstance);
    throw new Error(
      `property failed (seed ${result.seed}, path ${result.counterexamplePath ?? '?'}): ${cause}`,
    );
  }
}
