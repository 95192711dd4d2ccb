import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_ID, Providers, json } from '../job-test-utils.js';
import { OutputBrowser } from './output-browser.js';

const listing = [
  { name: 'chunk-0002.md', path: 'chunks/chunk-0002.md', size: 2048 },
  { name: 'chunk-0001.md', path: 'chunks/chunk-0001.md', size: 1024 },
  { name: 'overview.md', path: 'overview.md', size: 300 },
];

function serve(files: unknown[], content: (path: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === `/api/jobs/${JOB_ID}/files`) return json(200, { files });
      const path = decodeURIComponent(url.split('/files/')[1] ?? '');
      return content(path);
    }),
  );
}

const ok = (path: string) =>
  json(200, { name: path, path, size: 10, content: `# ${path}\nline two\n` });

function renderBrowser() {
  render(
    <Providers>
      <OutputBrowser jobId={JOB_ID} />
    </Providers>,
  );
}

const tree = () => screen.getByRole('tree', { name: 'Output files' });

afterEach(() => vi.unstubAllGlobals());

describe('output browser', () => {
  it('loads the files, then selects the overview first and shows its language and lines', async () => {
    serve(listing, ok);
    renderBrowser();
    expect(screen.getByText('Loading files...')).toBeTruthy();
    const heading = await screen.findByRole('heading', { level: 3, name: 'overview.md' });
    expect(heading).toBeTruthy();
    await screen.findByText('2 lines');
    expect(screen.getByText('Markdown')).toBeTruthy();
    expect(screen.getByText('3 files · 3.3 KB')).toBeTruthy();
  });

  it('expands and collapses folders, and selects a file from the tree', async () => {
    serve(listing, ok);
    renderBrowser();
    await screen.findByRole('heading', { level: 3, name: 'overview.md' });
    const folder = within(tree()).getByRole('treeitem', { name: /^chunks/ });
    expect(folder.getAttribute('aria-expanded')).toBe('true');
    expect(within(tree()).getByRole('treeitem', { name: /^chunk-0001\.md/ })).toBeTruthy();
    fireEvent.click(folder);
    expect(folder.getAttribute('aria-expanded')).toBe('false');
    expect(within(tree()).queryByRole('treeitem', { name: /^chunk-0001\.md/ })).toBeNull();
    fireEvent.click(folder);
    fireEvent.click(within(tree()).getByRole('treeitem', { name: /^chunk-0002\.md/ }));
    await screen.findByRole('heading', { level: 3, name: 'chunk-0002.md' });
  });

  it('searches file names, says when nothing matches, and clears', async () => {
    serve(listing, ok);
    renderBrowser();
    await screen.findByRole('heading', { level: 3, name: 'overview.md' });
    const search = screen.getByLabelText('Search files');
    fireEvent.change(search, { target: { value: '0002' } });
    expect(within(tree()).queryByRole('treeitem', { name: /^chunk-0001\.md/ })).toBeNull();
    expect(within(tree()).getByRole('treeitem', { name: /^chunk-0002\.md/ })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'nothing-like-it' } });
    expect(screen.getByText('No files match your search')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect(within(tree()).getByRole('treeitem', { name: /^chunk-0001\.md/ })).toBeTruthy();
  });

  it('switches between the three layouts', async () => {
    serve(listing, ok);
    renderBrowser();
    await screen.findByRole('heading', { level: 3, name: 'overview.md' });
    fireEvent.click(screen.getByRole('button', { name: 'File browser only' }));
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
    expect(tree()).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Preview only' }));
    expect(screen.queryByRole('tree', { name: 'Output files' })).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'overview.md' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next file' }));
    await screen.findByRole('heading', { level: 3, name: 'chunk-0001.md' });
  });

  it('says "No output files found" for an empty listing', async () => {
    serve([], ok);
    renderBrowser();
    await screen.findByText('No output files found');
  });

  it('says "Failed to load file content" when a file cannot be read', async () => {
    serve(listing, () => json(404, { detail: 'Output file not found', code: 'NOT_FOUND' }));
    renderBrowser();
    await screen.findByText('Failed to load file content');
    expect(
      screen.getByText(
        'Error: Output file not found. This file may not exist or may not be accessible.',
      ),
    ).toBeTruthy();
  });

  it('opens the full-screen viewer on the selected file', async () => {
    serve(listing, ok);
    renderBrowser();
    await screen.findByRole('heading', { level: 3, name: 'overview.md' });
    fireEvent.click(screen.getByRole('button', { name: 'Full Screen' }));
    const viewer = screen.getByRole('dialog', { name: 'Full-screen file viewer' });
    expect(within(viewer).getByRole('heading', { level: 2 }).textContent).toBe('overview.md');
    expect(within(viewer).getByText('3 / 3')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
