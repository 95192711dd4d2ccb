import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../../components/ui/icons.js';
import { formatBytes, plural } from '../../../lib/format.js';
import { JobIcon } from '../job-icons.js';
import type { TreeRow } from './file-tree.js';

export const TREE_ROW_HEIGHT = 34;
const INDENT = 18;
const OVERSCAN = 10;

interface FileTreeViewProps {
  rows: TreeRow[];
  selectedPath: string | null;
  copiedPath: string | null;
  onToggle(path: string): void;
  onSelect(path: string): void;
  onCopy(path: string): void;
  onDownload(path: string): void;
}

/** The folder tree, virtualised: only rows in view are in the page. Up/Down move between rows. */
export function FileTreeView({
  rows,
  selectedPath,
  copiedPath,
  onToggle,
  onSelect,
  onCopy,
  onDownload,
}: FileTreeViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(480);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  /** A row the keyboard moved to that still has to receive focus once it is rendered. */
  const pendingFocus = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const read = () => setHeight(element.clientHeight || 480);
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Keyboard focus may move to a row that is not rendered yet: scroll to it, then focus it.
  useEffect(() => {
    const element = scroller.current;
    const target = pendingFocus.current;
    if (target === null || !element) return;
    const top = target * TREE_ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + TREE_ROW_HEIGHT > element.scrollTop + element.clientHeight)
      element.scrollTop = top + TREE_ROW_HEIGHT - element.clientHeight;
    const row = element.querySelector<HTMLElement>(`[data-index="${target}"]`);
    if (row) {
      row.focus({ preventScroll: true });
      pendingFocus.current = null;
    }
  }, [focusIndex, scrollTop]);

  const start = Math.max(0, Math.floor(scrollTop / TREE_ROW_HEIGHT) - OVERSCAN);
  const end = Math.min(rows.length, Math.ceil((scrollTop + height) / TREE_ROW_HEIGHT) + OVERSCAN);

  const onKeyDown = (event: KeyboardEvent, index: number, row: TreeRow) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = index + (event.key === 'ArrowDown' ? 1 : -1);
      if (next >= 0 && next < rows.length) {
        pendingFocus.current = next;
        setFocusIndex(next);
      }
    } else if (row.node.isDir && event.key === 'ArrowRight' && !row.expanded) {
      event.preventDefault();
      onToggle(row.node.path);
    } else if (row.node.isDir && event.key === 'ArrowLeft' && row.expanded) {
      event.preventDefault();
      onToggle(row.node.path);
    }
  };

  const items = [];
  for (let index = start; index < end; index++) {
    const row = rows[index]!;
    const { node } = row;
    const selected = node.path === selectedPath;
    items.push(
      <li
        key={node.path}
        className={selected ? 'tree-row selected' : 'tree-row'}
        style={{ top: index * TREE_ROW_HEIGHT, height: TREE_ROW_HEIGHT }}
      >
        <button
          type="button"
          className="tree-item"
          data-index={index}
          style={{ paddingLeft: 10 + node.depth * INDENT }}
          aria-expanded={node.isDir ? row.expanded : undefined}
          aria-current={selected ? 'true' : undefined}
          onKeyDown={(event) => onKeyDown(event, index, row)}
          onClick={() => (node.isDir ? onToggle(node.path) : onSelect(node.path))}
        >
          {node.isDir ? (
            <>
              <Icon
                name={row.expanded ? 'chevronDown' : 'chevronRight'}
                size={14}
                className="tree-chevron"
              />
              <JobIcon
                name={row.expanded ? 'folderOpen' : 'folder'}
                size={16}
                className="tree-folder"
              />
            </>
          ) : (
            <JobIcon name="fileText" size={16} className="tree-file" />
          )}
          <span className="tree-name">{node.name}</span>
          <span className="tree-meta">
            {node.isDir ? plural(node.fileCount, 'file') : formatBytes(node.size)}
          </span>
        </button>
        {!node.isDir && (
          <span className="tree-actions">
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-icon"
              aria-label={`Copy ${node.name}`}
              title="Copy contents"
              onClick={() => onCopy(node.path)}
            >
              {copiedPath === node.path ? (
                <Icon name="check" size={15} />
              ) : (
                <JobIcon name="copy" size={15} />
              )}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-icon"
              aria-label={`Download ${node.name}`}
              title="Download file"
              onClick={() => onDownload(node.path)}
            >
              <Icon name="download" size={15} />
            </button>
          </span>
        )}
      </li>,
    );
  }

  return (
    <div
      ref={scroller}
      className="tree-scroller"
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <ul
        className="tree-list"
        aria-label="Output files"
        style={{ height: rows.length * TREE_ROW_HEIGHT }}
      >
        {items}
      </ul>
    </div>
  );
}
