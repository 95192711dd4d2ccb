import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../lib/class-names.js';
import { Icon } from '../ui/icons.js';
import { rowDepth, type FileTree } from './file-tree.js';
import styles from './file-tree-view.module.css';
import { useVirtualWindow } from './use-virtual-window.js';

/** What a page adds to a row beyond its name: marks for the row itself. */
export interface RowMarks {
  /** Greyed out and struck through: shown, but not processed. */
  muted?: boolean;
  /** Just pointed at from elsewhere (Locate in tree): pulses for a moment. */
  located?: boolean;
}

interface FileTreeViewProps {
  tree: FileTree;
  /** Files as their index, folders as `~index` (from flattenRows). */
  rows: Int32Array;
  label: string;
  rowHeight: number;
  /** Pixels per level of depth. */
  indent: number;
  /** `bar`: full-width rows, the open file marked by a bar; `pill`: inset rounded rows. */
  look: 'bar' | 'pill';
  isOpen(folder: number): boolean;
  activeFile: number | null;
  onToggleFolder(folder: number): void;
  onOpenFile(file: number): void;
  icon(row: number, open: boolean): ReactNode;
  meta?(row: number): ReactNode;
  /** Before the icon: the upload's selection checkbox. */
  check?(row: number): ReactNode;
  /** Space on a row (the upload's checkbox). */
  onSpace?(row: number): void;
  /** After the meta, on hover and on the open file: per-file buttons. */
  actions?(file: number): ReactNode;
  /** Actions on every row, not only on hover. */
  alwaysShowActions?: boolean;
  marks?(row: number): RowMarks;
  rowTitle?(row: number): string | undefined;
  /** Scrolls a file into the middle and moves the keyboard to it; `nonce` repeats a request. */
  reveal?: { file: number; nonce: number } | null;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  multiselectable?: boolean;
}

/**
 * The virtualised folder tree (only rows in view are in the page), in the tree pattern: the tree
 * keeps focus, arrows move between rows, Right/Left open and close folders, Enter opens.
 */
export function FileTreeView({
  tree,
  rows,
  label,
  rowHeight,
  indent,
  look,
  isOpen,
  activeFile,
  onToggleFolder,
  onOpenFile,
  icon,
  meta,
  check,
  onSpace,
  actions,
  alwaysShowActions = false,
  marks,
  rowTitle,
  reveal,
  empty,
  multiselectable,
}: FileTreeViewProps) {
  const windowing = useVirtualWindow(rows.length, rowHeight);
  const [focus, setFocus] = useState(0);
  const baseId = useId();

  const handledReveal = useRef(-1);
  const { scrollToIndex } = windowing;
  useEffect(() => {
    if (!reveal || handledReveal.current === reveal.nonce) return;
    // The folders opened for it reach `rows` on a later render: wait for the file to appear.
    const index = rows.indexOf(reveal.file);
    if (index < 0) return;
    handledReveal.current = reveal.nonce;
    setFocus(index);
    scrollToIndex(index, 'center');
  }, [reveal, rows, scrollToIndex]);

  const focusRow = Math.min(focus, Math.max(0, rows.length - 1));

  const activate = (row: number) => {
    if (row < 0) onToggleFolder(~row);
    else onOpenFile(row);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Keys on a row's own buttons are theirs.
    if (event.target !== event.currentTarget) return;
    const row = rows[focusRow];
    if (row === undefined) return;
    let next = focusRow;
    if (event.key === 'ArrowDown') next = Math.min(rows.length - 1, focusRow + 1);
    else if (event.key === 'ArrowUp') next = Math.max(0, focusRow - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = rows.length - 1;
    else if (event.key === 'ArrowRight' && row < 0 && !isOpen(~row)) onToggleFolder(~row);
    else if (event.key === 'ArrowLeft') {
      if (row < 0 && isOpen(~row)) onToggleFolder(~row);
      else {
        const parent = row < 0 ? tree.folders[~row]!.parent : tree.files[row]!.folder;
        const at = rows.indexOf(~parent);
        if (at >= 0) next = at;
      }
    } else if (event.key === ' ' && onSpace) onSpace(row);
    else if (event.key === 'Enter') activate(row);
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
    const open = isFolder ? isOpen(~row) : false;
    const depth = rowDepth(tree, row);
    const active = !isFolder && activeFile === row;
    const rowMarks = marks?.(row);
    items.push(
      // The tree keeps focus and points at its rows with aria-activedescendant (its keys move
      // it), so a row itself takes no focus and no key events.
      // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/interactive-supports-focus
      <div
        key={row}
        id={`${baseId}-${index}`}
        role="treeitem"
        aria-level={depth + 1}
        aria-expanded={isFolder ? open : undefined}
        aria-selected={active}
        className={styles.row}
        data-active={active || undefined}
        data-focused={index === focusRow || undefined}
        data-folder={isFolder || undefined}
        data-muted={rowMarks?.muted || undefined}
        data-located={rowMarks?.located || undefined}
        style={{
          transform: `translateY(${index * rowHeight}px)`,
          height: rowHeight,
          paddingLeft: 8 + depth * indent,
        }}
        onClick={() => {
          setFocus(index);
          activate(row);
        }}
        title={rowTitle?.(row)}
      >
        <span className={styles.chevron} aria-hidden="true">
          {isFolder && <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />}
        </span>
        {check?.(row)}
        <span className={styles.icon} aria-hidden="true">
          {icon(row, open)}
        </span>
        <span className={styles.name}>
          {isFolder ? tree.folders[~row]!.name : tree.files[row]!.name}
        </span>
        <span className={styles.meta}>{meta?.(row)}</span>
        {actions && !isFolder && (
          // Clicks on the buttons are theirs, not the row's.
          // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-static-element-interactions
          <span className={styles.actions} onClick={(event) => event.stopPropagation()}>
            {actions(row)}
          </span>
        )}
      </div>,
    );
  }

  return (
    <div
      ref={windowing.ref}
      className={cx(
        styles.tree,
        styles[look],
        actions && styles.withActions,
        alwaysShowActions && styles.showActions,
      )}
      role="tree"
      aria-label={label}
      aria-multiselectable={multiselectable || undefined}
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
        empty
      ) : (
        <div className={styles.canvas} style={{ height: windowing.totalHeight }}>
          {items}
        </div>
      )}
    </div>
  );
}
