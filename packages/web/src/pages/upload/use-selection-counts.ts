import type { TokenizerName } from '@repobundle/contract/models';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  acquireCountPool,
  releaseCountPool,
  type CountPool,
} from './selection-count/count-pool.js';
import { CountSession, type CountTarget } from './selection-count/count-session.js';
import type { LoadedArchive } from './use-archive.js';

/** Exact per-file figures of an archive's eligible files, filled in as the workers count them. */
export interface SelectionCounts {
  /** Per file of the tree; lines and tokens are meaningful where state is COUNTED. */
  session: CountSession;
  /** Files not counted yet (being counted or waiting). */
  remaining: number;
  /** Set when the workers cannot count: the figures stay approximate. */
  failed: string | null;
  /** Time from the archive being ready to its last file counted. */
  ms: number | null;
  /** Changes whenever new figures arrived. */
  version: number;
}

/** The summary bar updates at most this often while counting (each update re-totals). */
const UPDATE_MS = 200;

/**
 * Starts the counting workers with the page (their vocabulary loads while the person picks an
 * archive) and stops them a while after it closes.
 */
export function useCountingWorkers(): void {
  useEffect(() => {
    acquireCountPool();
    return releaseCountPool;
  }, []);
}

/** One session per tokenizer of an archive: figures counted for a tokenizer stay with it. */
export type ArchiveSessions = (tokenizer: TokenizerName) => CountSession;

export function useArchiveSessions(archive: LoadedArchive): ArchiveSessions {
  const { tree, listing, file } = archive;
  return useMemo(() => {
    const targets: CountTarget[] = [];
    tree.files.forEach((entry, index) => {
      if (entry.reason === null) targets.push({ file: index, entry: listing.entries[index]! });
    });
    const sessions = new Map<TokenizerName, CountSession>();
    return (tokenizer) => {
      let session = sessions.get(tokenizer);
      if (!session) {
        session = new CountSession(
          tree.files.length,
          targets,
          listing.entries,
          file.size,
          tokenizer,
        );
        sessions.set(tokenizer, session);
      }
      return session;
    };
  }, [tree, listing, file]);
}

/**
 * Counts the tokens of every eligible file with one tokenizer (null: none, nothing counted), the
 * `wanted` files first. Going back to a tokenizer counted before keeps its figures.
 */
export function useTokenizerCounts(
  archive: LoadedArchive,
  sessions: ArchiveSessions,
  wanted: readonly number[],
  tokenizer: TokenizerName | null,
): SelectionCounts | null {
  const { file } = archive;
  const session = useMemo(
    () => (tokenizer === null ? null : sessions(tokenizer)),
    [sessions, tokenizer],
  );
  const pool = useRef<CountPool | null>(null);
  const [version, setVersion] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const [ms, setMs] = useState<number | null>(null);

  // Declared before the effect that starts counting, so the first batches are wanted files.
  useEffect(() => {
    if (!session) return;
    session.prioritize(wanted);
    pool.current?.dispatch();
  }, [session, wanted]);

  useEffect(() => {
    setFailed(null);
    setMs(null);
    if (!session) return;
    const counting = acquireCountPool();
    if (!counting) {
      setFailed('This browser cannot count in the background.');
      return;
    }
    pool.current = counting;
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      setVersion((value) => value + 1);
    };
    const stop = counting.start(file, session, {
      onProgress: () => {
        if (session.remaining === 0) {
          clearTimeout(timer);
          setMs(performance.now() - started);
          flush();
        } else if (timer === undefined) {
          timer = setTimeout(flush, UPDATE_MS);
        }
      },
      onFailed: setFailed,
    });
    return () => {
      clearTimeout(timer);
      stop();
      pool.current = null;
      releaseCountPool();
    };
  }, [session, file]);

  return useMemo(
    () => session && { session, remaining: session.remaining, failed, ms, version },
    // version stands for the session's figures, which change in place.
    [session, failed, ms, version],
  );
}
