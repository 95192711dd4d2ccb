import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { buildFileTree, type FileTree } from './explorer/file-tree.js';
import { estimateSelection } from './rules/estimate.js';
import { CreditsModal } from './credits-modal.js';
import { FileTreeView } from './explorer/file-tree-view.js';
import { useExplorer } from './explorer/use-explorer.js';
import { SummaryBar } from './summary-bar.js';

function TreeHarness({ tree, query = '' }: { tree: FileTree; query?: string }) {
  const explorer = useExplorer(tree);
  if (explorer.query !== query) explorer.setQuery(query);
  return (
    <>
      <output aria-label="selected">{explorer.selected.length}</output>
      <FileTreeView explorer={explorer} locate={null} highlighted={null} />
    </>
  );
}

const selectedCount = () => Number(screen.getByLabelText('selected').textContent);

describe('file tree view', () => {
  it('renders a window of rows out of 100,000 files', () => {
    const tree = buildFileTree(
      Array.from({ length: 100_000 }, (_, i) => ({ path: `big/f${i}.ts`, size: 100 })),
    );
    render(<TreeHarness tree={tree} />);
    const rows = screen.getAllByRole('treeitem');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(selectedCount()).toBe(100_000);
  });

  it('shows tri-state folders and toggles a whole folder', () => {
    const tree = buildFileTree([
      { path: 'app/src/a.ts', size: 10 },
      { path: 'app/src/b.ts', size: 10 },
      { path: 'app/README.md', size: 10 },
    ]);
    render(<TreeHarness tree={tree} />);
    const src = screen.getByLabelText('Select src') as HTMLInputElement;
    const app = screen.getByLabelText('Select app') as HTMLInputElement;
    fireEvent.click(screen.getByLabelText('Select a.ts'));
    expect(selectedCount()).toBe(2);
    expect(src.indeterminate).toBe(true);
    expect(app.indeterminate).toBe(true);
    fireEvent.click(src);
    expect(selectedCount()).toBe(3);
    expect(src.checked).toBe(true);
    fireEvent.click(app);
    expect(selectedCount()).toBe(0);
    expect(app.checked).toBe(false);
  });

  it('searches with the ancestors of each match shown', () => {
    const tree = buildFileTree([
      { path: 'a/deep/nested/target.py', size: 10 },
      { path: 'a/other.py', size: 10 },
    ]);
    render(<TreeHarness tree={tree} query="target" />);
    const names = screen.getAllByRole('treeitem').map((row) => row.textContent);
    expect(names.map((name) => name?.replace(/[\d/ B]+$/, ''))).toEqual([
      'a',
      'deep',
      'nested',
      'target.py',
    ]);
  });

  it('moves with the keyboard and checks with Space', () => {
    const tree = buildFileTree([
      { path: 'x/one.ts', size: 10 },
      { path: 'x/two.ts', size: 10 },
    ]);
    render(<TreeHarness tree={tree} />);
    const treeElement = screen.getByRole('tree');
    act(() => void fireEvent.keyDown(treeElement, { key: 'ArrowDown' }));
    act(() => void fireEvent.keyDown(treeElement, { key: ' ' }));
    expect(selectedCount()).toBe(1);
    expect((screen.getByLabelText('Select one.ts') as HTMLInputElement).checked).toBe(false);
  });
});

describe('summary bar', () => {
  const estimate = estimateSelection([{ size: 120 * 150_000 }]);

  it('disables Process over the plan limit with the spec tooltip', () => {
    const onProcess = vi.fn();
    render(
      <SummaryBar
        estimate={estimate}
        creditType="monthly"
        onCreditType={() => undefined}
        overLimit
        busy={false}
        blockedReason={null}
        onProcess={onProcess}
      />,
    );
    const button = screen.getByRole('button', { name: 'Process' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('tooltip').textContent).toBe('Over limit for your plan.');
    const region = screen.getByRole('region', { name: 'Summary' });
    expect(within(region).getByTestId('estimate-lines').textContent).toBe('~150,000');
    expect(within(region).getByTestId('estimate-credits').textContent).toBe('~75');
    expect(within(region).getByText('$7.50')).toBeTruthy();
  });

  it('shows exact tokens under Tokens and credits in their own column once counted', () => {
    const exact = estimateSelection([
      { size: 900, knownLines: 4001, tokens: 123_456 },
      { size: 100, knownLines: 0, tokens: 0 },
    ]);
    render(
      <SummaryBar
        estimate={exact}
        creditType="monthly"
        onCreditType={() => undefined}
        overLimit={false}
        busy={false}
        blockedReason={null}
        onProcess={() => undefined}
      />,
    );
    const region = screen.getByRole('region', { name: 'Summary' });
    expect(within(region).getByTestId('estimate-lines').textContent).toBe('4,001');
    expect(within(region).getByTestId('estimate-tokens').textContent).toBe('123,456');
    expect(within(region).getByTestId('estimate-credits').textContent).toBe('3');
  });

  it('marks tokens as still counting until every selected file is counted', () => {
    const partial = estimateSelection([{ size: 900, knownLines: 10, tokens: 99 }, { size: 100 }]);
    render(
      <SummaryBar
        estimate={partial}
        creditType="monthly"
        onCreditType={() => undefined}
        overLimit={false}
        busy={false}
        blockedReason={null}
        onProcess={() => undefined}
      />,
    );
    const tokens = screen.getByTestId('estimate-tokens');
    expect(tokens.textContent).toBe('≥99');
    expect(tokens.getAttribute('aria-busy')).toBe('true');
  });
});

describe('credits modal', () => {
  it('offers hybrid use when both kinds together cover the job', () => {
    const onConfirm = vi.fn();
    render(
      <MemoryRouter>
        <CreditsModal
          decision={{ kind: 'hybrid', needed: 12, available: 10, other: 'purchased' }}
          chosen="monthly"
          balances={{ monthly: 10, purchased: 5 }}
          onConfirm={onConfirm}
          onClose={() => undefined}
        />
      </MemoryRouter>,
    );
    expect(
      screen.getByText(
        'This job requires 12 credits, but you only have 10 monthly credits available.',
      ),
    ).toBeTruthy();
    screen.getByText(
      'We can use your remaining monthly credits and cover the rest with purchased credits.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use Both Credit Types' }));
    expect(onConfirm).toHaveBeenCalledWith('hybrid');
  });

  it('sends the person to buy credits when nothing covers the job', () => {
    render(
      <MemoryRouter>
        <CreditsModal
          decision={{ kind: 'short', needed: 40, available: 10, total: 15 }}
          chosen="monthly"
          balances={{ monthly: 10, purchased: 5 }}
          onConfirm={() => undefined}
          onClose={() => undefined}
        />
      </MemoryRouter>,
    );
    screen.getByText(/Neither credit type alone nor combined covers the cost/);
    screen.getByText(/You need 40 credits but only have 15 total credits available/);
    const buy = screen.getAllByRole('link', { name: 'Purchase More Credits' });
    expect(buy[0]!.getAttribute('href')).toBe('/pricing');
  });
});
