import { baseName } from '../core/base-name.js';
import { shareLineStarts } from '../core/chunk/line-index.js';
import type { FileOutcome } from '../core/process-file.js';

/**
 * One run's files whose content digest is known before they are read (from an earlier pass over
 * the same bytes): a file with the name and bytes of one already under way takes that one's
 * result instead of being processed again. The file stage reads a file's name and bytes only,
 * so copies in other folders have the same result; an archive that holds a folder twice costs
 * one processing.
 */
export class SameContentResults {
  private readonly first = new Map<string, Promise<FileOutcome>>();

  /** `run`'s outcome for the file at `path`, or an earlier file's with the same name and digest. */
  async process(
    path: string,
    digest: string | undefined,
    run: () => Promise<FileOutcome>,
  ): Promise<FileOutcome> {
    if (digest === undefined) return run();
    const key = `${baseName(path)}\0${digest}`;
    const earlier = this.first.get(key);
    if (earlier === undefined) {
      const outcome = run();
      this.first.set(key, outcome);
      return outcome;
    }
    const outcome = await earlier;
    // A failure may be the reading of that one entry (or a thread that ran out of memory): this
    // copy is tried on its own.
    if (!outcome.ok) return run();
    const file = { ...outcome.file, path };
    shareLineStarts(file, outcome.file);
    return { ...outcome, file };
  }
}
