import { FileTreeView as TreeView } from '../../../components/code-browser/index.js';
import { formatBytes } from '../../../lib/format.js';
import { UploadIcon } from '../upload-icons.js';
import { folderState, SHOWN_INELIGIBLE } from './tree-state.js';
import type { ExplorerState } from './use-explorer.js';
import styles from './file-tree-view.module.css';

export const ROW_HEIGHT = 32;
export const INDENT = 20;

const REASON_LABELS: Record<string, string> = {
  'excluded folder': 'excluded',
  'lock file': 'lock file',
  'system file': 'system',
  binary: 'binary',
  'too large': 'over 5 MB',
};

interface FileTreeViewProps {
  explorer: ExplorerState;
  /** The file Locate in tree points at; `nonce` repeats a request for the same file. */
  locate: { file: number; nonce: number } | null;
  highlighted: number | null;
}

/** The archive's tree: the shared tree view, with selection checkboxes and eligibility. */
export function FileTreeView({ explorer, locate, highlighted }: FileTreeViewProps) {
  const { tree, rows, view } = explorer;
  const isOpen = (folder: number) => view.searching || explorer.expanded.has(folder);
  const toggleCheck = (row: number) =>
    row < 0 ? explorer.toggleFolder(~row) : explorer.toggleFile(row);

  return (
    <TreeView
      tree={tree}
      rows={rows}
      label="Files in the archive"
      rowHeight={ROW_HEIGHT}
      indent={INDENT}
      look="bar"
      multiselectable
      isOpen={isOpen}
      activeFile={explorer.activeFile}
      onToggleFolder={explorer.toggleExpanded}
      onOpenFile={explorer.setActiveFile}
      onSpace={toggleCheck}
      reveal={locate}
      marks={(row) => ({
        located: row >= 0 && highlighted === row,
        muted: row < 0 ? tree.folders[~row]!.excluded : view.visibility[row] === SHOWN_INELIGIBLE,
      })}
      rowTitle={(row) => {
        const file = row < 0 ? null : tree.files[row]!;
        return file?.reason ? `${file.path}: not processed (${file.reason})` : undefined;
      }}
      icon={(row, open) => (
        <UploadIcon name={row < 0 ? (open ? 'folderOpen' : 'folder') : 'file'} />
      )}
      check={(row) => {
        const folder = row < 0 ? tree.folders[~row]! : null;
        const state = folder ? folderState(view, ~row) : explorer.flags[row] ? 'all' : 'none';
        return (
          <input
            type="checkbox"
            className={styles.treeCheck}
            tabIndex={-1}
            checked={state === 'all'}
            ref={(element) => {
              if (element) element.indeterminate = state === 'partial';
            }}
            disabled={folder ? view.active[~row] === 0 : tree.files[row]!.reason !== null}
            aria-label={`Select ${folder ? folder.name : tree.files[row]!.name}`}
            onClick={(event) => event.stopPropagation()}
            onChange={() => toggleCheck(row)}
          />
        );
      }}
      meta={(row) => {
        if (row < 0) {
          const active = view.active[~row]!;
          return active > 0
            ? `${view.checked[~row]!.toLocaleString('en-US')}/${active.toLocaleString('en-US')}`
            : null;
        }
        const file = tree.files[row]!;
        return file.reason ? (
          <span className={styles.treeReason}>{REASON_LABELS[file.reason] ?? file.reason}</span>
        ) : (
          formatBytes(file.size)
        );
      }}
      empty={
        <p className={styles.treeEmpty}>
          {explorer.searching
            ? 'No files match your search.'
            : 'No files match the language filter.'}
        </p>
      }
    />
  );
}
