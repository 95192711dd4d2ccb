import { useCallback, useRef, useState } from 'react';
import { buildFileTree, type FileTree } from './explorer/file-tree.js';
import {
  EMPTY_ARCHIVE_MESSAGE,
  listingErrorMessage,
  validateArchiveFile,
} from './rules/validate-archive.js';
import { readCentralDirectory, type ZipListing } from './zip/read-central-directory.js';

export interface LoadedArchive {
  /** Distinguishes archives loaded one after another (a fresh explorer each time). */
  id: number;
  file: File;
  listing: ZipListing;
  tree: FileTree;
  /** Time from choosing the file to a built tree. */
  listMs: number;
}

export type ArchiveState =
  | { status: 'idle'; error: string | null }
  | { status: 'reading'; file: File }
  | { status: 'ready'; archive: LoadedArchive };

/** The chosen ZIP: validated, listed from its central directory, turned into the tree. */
export function useArchive(planLimitMb: number | null | undefined) {
  const [state, setState] = useState<ArchiveState>({ status: 'idle', error: null });
  const generation = useRef(0);

  const load = useCallback(
    async (file: File) => {
      const current = ++generation.current;
      const problem = validateArchiveFile(file, planLimitMb);
      if (problem) {
        setState({ status: 'idle', error: problem });
        return;
      }
      setState({ status: 'reading', file });
      const started = performance.now();
      try {
        const listing = await readCentralDirectory(file);
        if (listing.entries.length === 0) throw new Error('empty');
        const tree = buildFileTree(listing.entries, listing.folders);
        if (current !== generation.current) return;
        const listMs = performance.now() - started;
        setState({ status: 'ready', archive: { id: current, file, listing, tree, listMs } });
      } catch (error) {
        if (current !== generation.current) return;
        console.error('Could not list the archive', error);
        const message =
          error instanceof Error && error.message === 'empty'
            ? EMPTY_ARCHIVE_MESSAGE
            : listingErrorMessage(error);
        setState({ status: 'idle', error: message });
      }
    },
    [planLimitMb],
  );

  const clear = useCallback(() => {
    generation.current++;
    setState({ status: 'idle', error: null });
  }, []);

  return { state, load, clear };
}
