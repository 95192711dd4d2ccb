import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../../components/ui/icons.js';
import { folderState, SHOWN_INELIGIBLE } from './tree-state.js';
import { formatBytes } from '../../../lib/format.js';
import { UploadIcon } from '../upload-icons.js';
import type { ExplorerState } from './use-explorer.js';
import { useVirtualWindow } from '../../../components/code-browser/index.js';

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

/** The virtualised folder tree (rows 32 px, 20 px per level), with keyboard navigation. */
export function FileTreeView({ explorer, locate, highlighted }: FileTreeViewProps) {
  const { tree, rows, view } = explorer;
  const windowing = useVirtualWindow(rows.length, ROW_HEIGHT);
  const [focus, setFocus] = useState(0);
  const baseId = useId();

  const handledLocate = useRef(-1);
  const { scrollToIndex } = windowing;
  useEffect(() => {
    if (!locate || handledLocate.current === locate.nonce) return;
    // The ancestors Locate opened reach `rows` on a later render: wait for the file to appear.
    const index = rows.indexOf(locate.file);
    if (index < 0) return;
    handledLocate.current = locate.nonce;
    setFocus(index);
    scrollToIndex(index, 'center');
  }, [locate, rows, scrollToIndex]);

  const focusRow = Math.min(focus, Math.max(0, rows.length - 1));

  const activate = (row: number) => {
    if (row < 0) explorer.toggleExpanded(~row);
    else explorer.setActiveFile(row);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const row = rows[focusRow];
    if (row === undefined) return;
    let next = focusRow;
    if (event.key === 'ArrowDown') next = Math.min(rows.length - 1, focusRow + 1);
    else if (event.key === 'ArrowUp') next = Math.max(0, focusRow - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = rows.length - 1;
    else if (event.key === 'ArrowRight' && row < 0 && !explorer.expanded.has(~row)) {
      explorer.toggleExpanded(~row);
    } else if (event.key === 'ArrowLeft') {
      if (row < 0 && explorer.expanded.has(~row)) explorer.toggleExpanded(~row);
      else {
        const parent = row < 0 ? tree.folders[~row]!.parent : tree.files[row]!.folder;
        const at = rows.indexOf(~parent);
        if (at >= 0) next = at;
      }
    } else if (event.key === ' ') {
      if (row < 0) explorer.toggleFolder(~row);
      else explorer.toggleFile(row);
    } else if (event.key === 'Enter') activate(row);
    else return;
    event.preventDefault();
    if (next !== focusRow) {
      setFocus(next);
      windowing.scrollToIndex(next);
    }
  };

  const items = [];
  for (let index = windowing.start; index < windowing.end; index++) {
    const row = rows[index]!;
    const isFolder = row < 0;
    const folder = isFolder ? tree.folders[~row]! : null;
    const file = isFolder ? null : tree.files[row]!;
    const depth = folder ? folder.depth : tree.folders[file!.folder]!.depth + 1;
    const open = folder ? view.searching || explorer.expanded.has(~row) : undefined;
    const state = folder ? folderState(view, ~row) : explorer.flags[row] ? 'all' : 'none';
    const disabled = folder ? view.active[~row] === 0 : file!.reason !== null;
    const ineligible = !folder && view.visibility[row] === SHOWN_INELIGIBLE;
    const name = folder ? folder.name : file!.name;
    const classes = ['tree-row'];
    if (!isFolder && explorer.activeFile === row) classes.push('is-active');
    if (!isFolder && highlighted === row) classes.push('is-located');
    if (index === focusRow) classes.push('is-focused');
    if (ineligible || (folder && folder.excluded)) classes.push('is-muted');
    items.push(
      // The tree keeps focus and points at its rows with aria-activedescendant (its keys move
      // it), so a row itself takes no focus and no key events.
      // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/interactive-supports-focus
      <div
        key={row}
        id={`${baseId}-${index}`}
        role="treeitem"
        aria-level={depth + 1}
        aria-expanded={open}
        aria-selected={!isFolder && explorer.activeFile === row}
        className={classes.join(' ')}
        style={{
          transform: `translateY(${index * ROW_HEIGHT}px)`,
          paddingLeft: 8 + depth * INDENT,
        }}
        onClick={() => {
          setFocus(index);
          activate(row);
        }}
        title={file?.reason ? `${file.path}: not processed (${file.reason})` : undefined}
      >
        <span className="tree-chevron" aria-hidden="true">
          {folder && <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />}
        </span>
        <input
          type="checkbox"
          className="tree-check"
          tabIndex={-1}
          checked={state === 'all'}
          ref={(element) => {
            if (element) element.indeterminate = state === 'partial';
          }}
          disabled={disabled}
          aria-label={`Select ${name}`}
          onClick={(event) => event.stopPropagation()}
          onChange={() => (folder ? explorer.toggleFolder(~row) : explorer.toggleFile(row))}
        />
        <UploadIcon
          name={folder ? (open ? 'folderOpen' : 'folder') : 'file'}
          className={folder ? 'tree-icon tree-icon-folder' : 'tree-icon'}
        />
        <span className="tree-name">{name}</span>
        <span className="tree-meta">
          {file?.reason ? (
            <span className="tree-reason">{REASON_LABELS[file.reason] ?? file.reason}</span>
          ) : file ? (
            formatBytes(file.size)
          ) : folder && view.active[~row]! > 0 ? (
            `${view.checked[~row]!.toLocaleString('en-US')}/${view.active[~row]!.toLocaleString('en-US')}`
          ) : null}
        </span>
      </div>,
    );
  }

  return (
    <div
      ref={windowing.ref}
      className="tree-scroll"
      role="tree"
      aria-label="Files in the archive"
      aria-multiselectable="true"
      tabIndex={0}
      aria-activedescendant={
        focusRow >= windowing.start && focusRow < windowing.end
          ? `${baseId}-${focusRow}`
          : undefined
      }
      onScroll={windowing.onScroll}
      onKeyDown={onKeyDown}
    >
      {rows.length === 0 ? (
        <p className="tree-empty">
          {explorer.searching
            ? 'No files match your search.'
            : 'No files match the language filter.'}
        </p>
      ) : (
        <div className="tree-inner" style={{ height: windowing.totalHeight }}>
          {items}
        </div>
      )}
    </div>
  );
}
