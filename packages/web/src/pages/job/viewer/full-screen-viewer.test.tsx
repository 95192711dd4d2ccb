import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOB_ID, Providers, json } from '../job-test-utils.js';
import type { TreeFile } from '../preview/file-tree.js';
import { FullScreenViewer } from './full-screen-viewer.js';

const files: TreeFile[] = [
  { path: 'chunks/chunk-0001.md', name: 'chunk-0001.md', size: 40 },
  { path: 'chunks/chunk-0002.md', name: 'chunk-0002.md', size: 40 },
  { path: 'overview.md', name: 'overview.md', size: 40 },
];
const contents: Record<string, string> = {
  'chunks/chunk-0001.md': '# Chunk 1\nconst alpha = 1;\nalpha(alpha);\n',
  'chunks/chunk-0002.md': '# Chunk 2\nnothing here\n',
  'overview.md': '# Overview\n',
};

function Harness({ onClose }: { onClose(): void }) {
  const [index, setIndex] = useState(0);
  return (
    <FullScreenViewer
      jobId={JOB_ID}
      files={files}
      index={index}
      onIndex={setIndex}
      onClose={onClose}
    />
  );
}

function open() {
  const onClose = vi.fn();
  render(
    <Providers>
      <Harness onClose={onClose} />
    </Providers>,
  );
  return { onClose, search: screen.getByLabelText('Search in file') as HTMLInputElement };
}

const title = () => screen.getByRole('heading', { level: 2 }).textContent;
const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) =>
  fireEvent.keyDown(target, { key, ...init });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = decodeURIComponent(String(input).split('/files/')[1] ?? '');
      return json(200, { name: path, path, size: 40, content: contents[path] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('full-screen viewer keys', () => {
  it('Esc closes', () => {
    const { onClose } = open();
    press('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Left and Right change file with wrap-around, but not while typing in the search', async () => {
    const { search } = open();
    expect(title()).toBe('chunk-0001.md');
    press('ArrowLeft');
    expect(title()).toBe('overview.md');
    expect(screen.getByText('3 / 3')).toBeTruthy();
    press('ArrowRight');
    expect(title()).toBe('chunk-0001.md');
    press('ArrowRight');
    expect(title()).toBe('chunk-0002.md');
    press('ArrowRight', {}, search);
    expect(title()).toBe('chunk-0002.md');
    fireEvent.click(screen.getByRole('button', { name: 'Next file' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next file' }));
    expect(title()).toBe('chunk-0001.md');
  });

  it('Ctrl+F and Cmd+F focus the search box', () => {
    const { search } = open();
    expect(document.activeElement).not.toBe(search);
    press('f', { ctrlKey: true });
    expect(document.activeElement).toBe(search);
    search.blur();
    press('F', { metaKey: true });
    expect(document.activeElement).toBe(search);
  });

  it('counts results; Ctrl+Enter goes to the next, Ctrl+Shift+Enter to the previous', async () => {
    const { search } = open();
    await waitFor(() => expect(document.querySelector('[data-line]')).toBeTruthy());
    fireEvent.change(search, { target: { value: 'ALPHA' } });
    const counter = screen.getByTestId('search-counter');
    await waitFor(() => expect(counter.textContent).toBe('1 of 3'));
    press('Enter', { ctrlKey: true }, search);
    expect(counter.textContent).toBe('2 of 3');
    press('Enter', { metaKey: true });
    expect(counter.textContent).toBe('3 of 3');
    press('Enter', { ctrlKey: true });
    expect(counter.textContent).toBe('1 of 3');
    press('Enter', { ctrlKey: true, shiftKey: true });
    expect(counter.textContent).toBe('3 of 3');
    // Plain Enter in the box also steps through the results.
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(counter.textContent).toBe('1 of 3');
    expect(document.querySelectorAll('mark')).toHaveLength(3);
    expect(document.querySelectorAll('mark[data-active]')).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'zebra' } });
    await waitFor(() => expect(counter.textContent).toBe('No results'));
  });
});

describe('full-screen viewer controls', () => {
  it('sizes the text from 8 to 24 px, 14 by default', async () => {
    open();
    expect(screen.getByText('14px')).toBeTruthy();
    const larger = screen.getByRole('button', { name: /larger text/ }) as HTMLButtonElement;
    for (let i = 0; i < 20; i++) if (!larger.disabled) fireEvent.click(larger);
    expect(screen.getByText('24px')).toBeTruthy();
    expect(larger.disabled).toBe(true);
    const smaller = screen.getByRole('button', { name: /smaller text/ }) as HTMLButtonElement;
    for (let i = 0; i < 30; i++) if (!smaller.disabled) fireEvent.click(smaller);
    expect(screen.getByText('8px')).toBeTruthy();
    expect(smaller.disabled).toBe(true);
  });

  it('hides and shows line numbers', async () => {
    open();
    await waitFor(() =>
      expect(document.querySelectorAll('[data-gutter]').length).toBeGreaterThan(0),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hide Lines' }));
    expect(document.querySelectorAll('[data-gutter]')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show Lines' }));
    expect(document.querySelectorAll('[data-gutter]').length).toBeGreaterThan(0);
  });

  it('copies the file and says "Copied" for 2 s', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open();
    const copy = screen.getByRole('button', { name: 'Copy' }) as HTMLButtonElement;
    await waitFor(() => expect(copy.disabled).toBe(false));
    vi.useFakeTimers();
    try {
      await act(async () => {
        fireEvent.click(copy);
      });
      expect(writeText).toHaveBeenCalledWith(contents['chunks/chunk-0001.md']);
      expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_900);
      });
      expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(200);
      });
      expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
