import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BundleActions } from './bundle-actions.js';
import { joinChunks } from './bundle-text.js';

const files = [
  { name: 'overview.md', path: 'overview.md', size: 10 },
  { name: 'chunk-0010.md', path: 'chunks/chunk-0010.md', size: 20 },
  { name: 'chunk-0002.md', path: 'chunks/chunk-0002.md', size: 30 },
];
const contents: Record<string, string> = {
  'chunks/chunk-0002.md': '# chunk 2\n',
  'chunks/chunk-0010.md': '# chunk 10',
};

describe('whole bundle actions', () => {
  afterEach(() => vi.restoreAllMocks());

  it('copies every chunk in chunk order in one click', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <BundleActions jobId="abcdef0123" files={files} load={async (path) => contents[path]!} />,
    );
    expect(screen.getByRole('group', { name: 'Whole bundle' }).textContent).toContain('2 chunks');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Copy all' })));
    expect(writeText).toHaveBeenCalledWith('# chunk 2\n# chunk 10');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('warns above what a clipboard handles well', () => {
    const big = [{ name: 'chunk-0001.md', path: 'chunks/chunk-0001.md', size: 6 * 1024 * 1024 }];
    render(<BundleActions jobId="abcdef0123" files={big} load={async () => ''} />);
    expect(screen.getByRole('note').textContent).toMatch(/a lot for a clipboard/);
  });

  it('starts each chunk on its own line', () => {
    expect(joinChunks(['a', 'b\n', 'c'])).toBe('a\nb\nc');
    expect(joinChunks([])).toBe('');
  });
});
