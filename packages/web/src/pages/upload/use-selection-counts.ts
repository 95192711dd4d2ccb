import { useEffect, useMemo, useState } from 'react';
import type { FileCount } from '../../lib/selection-count/count-entries.js';
import type { CountReply, CountRequest } from '../../lib/selection-count/count-messages.js';
import type { LoadedArchive } from './use-archive.js';

/** Exact per-file figures of an archive's eligible files, filled in as the worker counts them. */
export interface SelectionCounts {
  /** Per file index of the tree; meaningful where `counted[file]` is 1. */
  lines: Int32Array;
  tokens: Float64Array;
  /** 0 not yet counted, 1 counted, 2 could not be read. */
  counted: Uint8Array;
  /** Files the worker was asked to count, and how many it has answered. */
  total: number;
  answered: number;
  done: boolean;
  /** Set when the worker itself failed: the figures stay approximate. */
  failed: string | null;
  /** Time the worker took for the whole archive, once done. */
  ms: number | null;
}

const MAX_WORKERS = 4;

function emptyCounts(files: number, total: number): SelectionCounts {
  return {
    lines: new Int32Array(files),
    tokens: new Float64Array(files),
    counted: new Uint8Array(files),
    total,
    answered: 0,
    done: total === 0,
    failed: null,
    ms: null,
  };
}

function applyCounts(current: SelectionCounts, counts: readonly FileCount[]): SelectionCounts {
  for (const count of counts) {
    current.lines[count.file] = count.lines;
    current.tokens[count.file] = count.tokens;
    current.counted[count.file] = count.error === undefined ? 1 : 2;
  }
  // A new object over the same arrays: React sees the change, nothing large is copied.
  return { ...current, answered: current.answered + counts.length };
}

/**
 * Counts the lines and tokens of every eligible file of the archive in a Web Worker (inflating
 * each entry from the File), so the summary bar can show exact figures for any selection.
 */
export function useSelectionCounts(archive: LoadedArchive): SelectionCounts {
  const { tree, listing, file } = archive;
  const jobs = useMemo(
    () =>
      tree.files.flatMap((entry, index) =>
        entry.reason === null ? [{ file: index, entry: listing.entries[index]! }] : [],
      ),
    [tree, listing],
  );
  const [counts, setCounts] = useState(() => emptyCounts(tree.files.length, jobs.length));

  useEffect(() => {
    setCounts(emptyCounts(tree.files.length, jobs.length));
    if (jobs.length === 0) return;
    if (typeof Worker === 'undefined') {
      setCounts((current) => ({
        ...current,
        failed: 'This browser cannot count in the background.',
      }));
      return;
    }
    // One worker per core (at most four), each given every n-th file: inflating and tokenizing
    // are CPU-bound, and a worker's vocabulary costs a few hundred milliseconds to build.
    const workers = Array.from(
      {
        length: Math.min(MAX_WORKERS, Math.max(1, navigator.hardwareConcurrency || 1), jobs.length),
      },
      () =>
        new Worker(new URL('../../lib/selection-count/count.worker.ts', import.meta.url), {
          type: 'module',
        }),
    );
    const started = performance.now();
    let running = workers.length;
    workers.forEach((worker, lane) => {
      worker.onmessage = (event: MessageEvent<CountReply>) => {
        const reply = event.data;
        if (reply.type === 'counts') setCounts((current) => applyCounts(current, reply.counts));
        else if (reply.type === 'failed')
          setCounts((current) => ({ ...current, failed: reply.detail }));
        else if (--running === 0) {
          const ms = performance.now() - started;
          setCounts((current) => ({ ...current, done: true, ms }));
        }
      };
      worker.onerror = () =>
        setCounts((current) => ({ ...current, failed: 'The counting worker stopped.' }));
      const share = jobs.filter((_, index) => index % workers.length === lane);
      const request: CountRequest = { blob: file, jobs: share, encoding: 'o200k_base' };
      worker.postMessage(request);
    });
    return () => workers.forEach((worker) => worker.terminate());
  }, [file, jobs, tree]);

  return counts;
}
