import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { ZipEntry } from '../zip/read-central-directory.js';
import { ExplorerToolbar } from './explorer-toolbar.js';
import { EntryPreview } from './entry-preview.js';
import { FileTreeView } from './file-tree-view.js';
import { SplitPane } from './split-pane.js';
import type { ExplorerState } from './use-explorer.js';
import styles from './explorer.module.css';

/** How long Locate in tree keeps the file highlighted. */
export const LOCATE_HIGHLIGHT_MS = 3000;

interface ExplorerProps {
  archive: Blob;
  entries: readonly ZipEntry[];
  explorer: ExplorerState;
  /** The frame only, marked busy: the first render of a large tree comes in a later pass. */
  pending?: boolean;
}

/** The same explorer state: every field equal (useExplorer builds a new object each render). */
function sameProps(before: ExplorerProps, after: ExplorerProps): boolean {
  if (before.archive !== after.archive || before.entries !== after.entries) return false;
  if (before.pending !== after.pending) return false;
  const keys = Object.keys(after.explorer) as (keyof ExplorerState)[];
  return keys.every((key) => before.explorer[key] === after.explorer[key]);
}

/**
 * Toolbar, tree and preview of one archive. Memoised: the page re-renders several times a second
 * while the selection is counted, and the tree has not changed.
 */
export const Explorer = memo(function Explorer({
  archive,
  entries,
  explorer,
  pending = false,
}: ExplorerProps) {
  const [locate, setLocate] = useState<{ file: number; nonce: number } | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const { expandTo } = explorer;

  const onLocate = useCallback(
    (file: number) => {
      expandTo(file);
      setLocate((current) => ({ file, nonce: (current?.nonce ?? 0) + 1 }));
      setHighlighted(file);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setHighlighted(null), LOCATE_HIGHLIGHT_MS);
    },
    [expandTo],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (pending)
    return <section className={`card ${styles.explorer}`} aria-label="Explorer" aria-busy="true" />;
  return (
    <section className={`card ${styles.explorer}`} aria-label="Explorer">
      <ExplorerToolbar explorer={explorer} />
      <SplitPane
        left={<FileTreeView explorer={explorer} locate={locate} highlighted={highlighted} />}
        right={
          <EntryPreview
            archive={archive}
            entries={entries}
            explorer={explorer}
            onLocate={onLocate}
          />
        }
      />
    </section>
  );
}, sameProps);
