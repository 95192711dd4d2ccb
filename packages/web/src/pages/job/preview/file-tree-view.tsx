import { FileTreeView as TreeView } from '../../../components/code-browser/index.js';
import { Icon } from '../../../components/ui/icons.js';
import { formatBytes, plural } from '../../../lib/format.js';
import { JobIcon } from '../job-icons.js';
import type { FolderTotals, OutputTree } from './file-tree.js';

export const TREE_ROW_HEIGHT = 34;
const INDENT = 18;

interface FileTreeViewProps {
  tree: OutputTree;
  rows: Int32Array;
  totals: FolderTotals;
  isOpen(folder: number): boolean;
  selectedFile: number | null;
  copiedFile: number | null;
  /** Every row's copy and download buttons shown, not only on hover (browser-only layout). */
  showActions: boolean;
  onToggle(folder: number): void;
  onSelect(file: number): void;
  onCopy(file: number): void;
  onDownload(file: number): void;
}

/** The output files: the shared tree view, with folder totals and copy/download on each file. */
export function FileTreeView({
  tree,
  rows,
  totals,
  isOpen,
  selectedFile,
  copiedFile,
  showActions,
  onToggle,
  onSelect,
  onCopy,
  onDownload,
}: FileTreeViewProps) {
  return (
    <TreeView
      tree={tree}
      rows={rows}
      label="Output files"
      rowHeight={TREE_ROW_HEIGHT}
      indent={INDENT}
      look="pill"
      isOpen={isOpen}
      activeFile={selectedFile}
      onToggleFolder={onToggle}
      onOpenFile={onSelect}
      alwaysShowActions={showActions}
      icon={(row, open) => (
        <JobIcon name={row < 0 ? (open ? 'folderOpen' : 'folder') : 'fileText'} size={16} />
      )}
      meta={(row) =>
        row < 0 ? plural(totals.fileCount[~row]!, 'file') : formatBytes(tree.files[row]!.size)
      }
      actions={(file) => {
        const name = tree.files[file]!.name;
        return (
          <>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-icon"
              aria-label={`Copy ${name}`}
              title="Copy contents"
              onClick={() => onCopy(file)}
            >
              {copiedFile === file ? (
                <Icon name="check" size={15} />
              ) : (
                <JobIcon name="copy" size={15} />
              )}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-icon"
              aria-label={`Download ${name}`}
              title="Download file"
              onClick={() => onDownload(file)}
            >
              <Icon name="download" size={15} />
            </button>
          </>
        );
      }}
    />
  );
}
