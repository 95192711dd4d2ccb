import { fireEvent, render, screen } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { buildTree, flattenRows, pathMatches } from './file-tree.js';
import { FileTreeView } from './file-tree-view.js';

const tree = buildTree<{ path: string; size: number }, object, object>(
  ['docs/guide.md', 'docs/intro.md', 'main.ts'].map((path) => ({ path, size: 10 })),
  { root: {}, folder: (place) => place, file: (place) => place },
);

function Harness({ onAction }: { onAction(file: number): void }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set([1]));
  const [active, setActive] = useState<number | null>(null);
  const rows = useMemo(
    () =>
      flattenRows(tree, {
        visibility: pathMatches(tree, ''),
        isFolderShown: () => true,
        isOpen: (folder) => open.has(folder),
      }),
    [open],
  );
  return (
    <FileTreeView
      tree={tree}
      rows={rows}
      label="Files"
      rowHeight={30}
      indent={16}
      look="pill"
      isOpen={(folder) => open.has(folder)}
      activeFile={active}
      onToggleFolder={(folder) =>
        setOpen((current) => {
          const next = new Set(current);
          if (!next.delete(folder)) next.add(folder);
          return next;
        })
      }
      onOpenFile={setActive}
      icon={() => null}
      meta={(row) => (row < 0 ? 'folder' : '10 B')}
      actions={(file) => (
        <button type="button" onClick={() => onAction(file)}>
          Act on {tree.files[file]!.name}
        </button>
      )}
    />
  );
}

const names = () => screen.getAllByRole('treeitem').map((row) => row.textContent);

describe('shared file tree view', () => {
  it('moves with the arrows, closes and opens folders, and opens a file with Enter', () => {
    render(<Harness onAction={() => {}} />);
    const tree = screen.getByRole('tree', { name: 'Files' });
    expect(names()).toEqual([
      'docsfolder',
      'guide.md10 BAct on guide.md',
      'intro.md10 BAct on intro.md',
      'main.ts10 BAct on main.ts',
    ]);
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(names()).toHaveLength(2);
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    fireEvent.keyDown(tree, { key: 'Enter' });
    const guide = screen.getByRole('treeitem', { name: /^guide\.md/ });
    expect(guide.getAttribute('aria-selected')).toBe('true');
    expect(tree.getAttribute('aria-activedescendant')).toBe(guide.id);
    expect(guide.getAttribute('aria-level')).toBe('2');
  });

  it('runs a row action without opening the row', () => {
    const onAction = vi.fn();
    render(<Harness onAction={onAction} />);
    fireEvent.click(screen.getByRole('button', { name: 'Act on main.ts' }));
    expect(onAction).toHaveBeenCalledWith(2);
    expect(screen.getByRole('treeitem', { name: /^main\.ts/ }).getAttribute('aria-selected')).toBe(
      'false',
    );
  });
});
