import { fireEvent, render, screen, within } from '@testing-library/react';
import type { JobPacking } from '@repobundle/contract';
import { describe, expect, it } from 'vitest';
import { JobPackingCard } from './job-packing.js';

const packing: JobPacking = {
  budget: 50_000,
  levels: { full: 13, no_comments: 1, signatures: 1, path_only: 1 },
  files: [
    { path: 'fixtures/big.json', level: 'path_only', level_reason: 'data file, least important' },
    { path: 'test/retry.test.ts', level: 'signatures', level_reason: 'a test' },
    { path: 'src/util.ts', level: 'no_comments', level_reason: 'imported by no file' },
    ...Array.from({ length: 13 }, (_, i) => ({
      path: `src/kept-${i}.ts`,
      level: 'full' as const,
      level_reason: null,
    })),
  ],
  files_truncated: false,
};

describe('packed to a budget card', () => {
  it('says how much of the budget the bundle used, when the job reports it', () => {
    render(<JobPackingCard packing={{ ...packing, used: 49_212 }} />);
    expect(screen.getByTestId('packing-budget').textContent).toBe('49,212 of 50,000 tokens');
  });

  it('shows the budget, files per level and each file with its level, least kept first', () => {
    render(<JobPackingCard packing={packing} />);
    const card = screen.getByRole('region', { name: 'Packed to a budget' });
    expect(within(card).getByTestId('packing-budget').textContent).toBe('50,000 tokens');
    expect(within(card).getByTestId('packing-count-full').textContent).toBe('13');
    expect(within(card).getByTestId('packing-count-path_only').textContent).toBe('1');
    const levels = within(card)
      .getAllByTestId('file-level')
      .map((badge) => badge.textContent);
    expect(levels.slice(0, 4)).toEqual([
      'Path only',
      'Signatures only',
      'No comments',
      'Full text',
    ]);
    // Twelve rows first, then all of them.
    expect(levels).toHaveLength(12);
    fireEvent.click(within(card).getByRole('button', { name: 'Show all 16 files' }));
    expect(within(card).getAllByTestId('file-level')).toHaveLength(16);
  });

  it('gives the reason on hover and when the row is opened', () => {
    render(<JobPackingCard packing={packing} />);
    const row = screen.getByText('test/retry.test.ts').closest('details')!;
    expect(row.getAttribute('title')).toBe('a test');
    fireEvent.click(within(row).getByText('test/retry.test.ts'));
    expect(row.open).toBe(true);
    expect(within(row).getByText('a test')).toBeTruthy();
  });
});
