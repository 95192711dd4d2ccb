// Test support only (imported by *.test.ts).
import fc from 'fast-check';

/** Like fc.assert, but reports the seed and the broken guarantee without dumping huge inputs. */
export async function assertProperty<T>(
  property: fc.IAsyncProperty<T>,
  numRuns: number,
  /** A fixed seed makes the runs the same every time (see the caller for why it needs one). */
  seed?: number,
): Promise<void> {
  const result = await fc.check(property, {
    numRuns,
    endOnFailure: true,
    ...(seed === undefined ? {} : { seed }),
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
