import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fileContentQuery, useJobFiles } from '../../../api/job-queries.js';
import { Button } from '../../../components/ui/button.js';
import { EmptyState, Spinner } from '../../../components/ui/feedback.js';
import { Icon } from '../../../components/ui/icons.js';
import { COPIED_MS, copyText, saveText } from '../file-actions.js';
import { cx } from '../../../lib/class-names.js';
import { formatBytes, plural } from '../../../lib/format.js';
import { JobIcon, type JobIconName } from '../job-icons.js';
import { FullScreenViewer } from '../viewer/full-screen-viewer.js';
import { BundleActions } from './bundle-actions.js';
import { OutputFilePreview } from './output-file-preview.js';
import { filesInOrder } from '../../../components/code-browser/index.js';
import {
  allFolders,
  buildOutputTree,
  folderTotals,
  initialFile,
  outputRows,
  type TreeFile,
} from './file-tree.js';
import { FileTreeView } from './file-tree-view.js';
import styles from './output-browser.module.css';

export type BrowserLayout = 'browser' | 'split' | 'preview';
const LAYOUTS: ReadonlyArray<{ id: BrowserLayout; label: string; icon: JobIconName }> = [
  { id: 'browser', label: 'File browser only', icon: 'browser' },
  { id: 'split', label: 'Browser and preview', icon: 'split' },
  { id: 'preview', label: 'Preview only', icon: 'preview' },
];

const LAYOUT_CLASSES: Record<BrowserLayout, string | undefined> = {
  browser: styles.browser,
  split: styles.split,
  preview: styles.previewOnly,
};

/** The Output Files browser of a succeeded job. */
export function OutputBrowser({ jobId }: { jobId: string }) {
  const files = useJobFiles(jobId, true);
  const queryClient = useQueryClient();
  const tree = useMemo(() => buildOutputTree(files.data ?? []), [files.data]);
  const order = useMemo(() => filesInOrder(tree), [tree]);
  const ordered = useMemo<TreeFile[]>(() => order.map((file) => tree.files[file]!), [tree, order]);
  const totals = useMemo(() => folderTotals(tree), [tree]);
  const [expanded, setExpanded] = useState<Set<number> | null>(null);
  const open = useMemo(() => expanded ?? allFolders(tree), [expanded, tree]);
  const [search, setSearch] = useState('');
  const rows = useMemo(() => outputRows(tree, open, search), [tree, open, search]);
  const [chosen, setChosen] = useState<string | null>(null);
  const chosenFile = tree.files.findIndex((file) => file.path === chosen);
  const selectedIndex = chosenFile >= 0 ? chosenFile : initialFile(tree, order);
  const selected = selectedIndex === null ? null : tree.files[selectedIndex]!;
  const [layout, setLayout] = useState<BrowserLayout>('split');
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const [copiedPath, setCopiedPath] = useState<string | null>(null);
  const copiedTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(copiedTimer.current), []);

  const contentOf = async (path: string) =>
    (await queryClient.fetchQuery(fileContentQuery(jobId, path))).content;
  const onCopy = async (path: string) => {
    try {
      await copyText(await contentOf(path));
      setCopiedPath(path);
      window.clearTimeout(copiedTimer.current);
      copiedTimer.current = window.setTimeout(() => setCopiedPath(null), COPIED_MS);
    } catch (error) {
      console.error('Copy failed', error);
    }
  };
  const onDownload = async (path: string) => {
    try {
      saveText(await contentOf(path), path.slice(path.lastIndexOf('/') + 1));
    } catch (error) {
      console.error('Download failed', error);
    }
  };
  const toggle = (folder: number) => {
    const next = new Set(open);
    if (next.has(folder)) next.delete(folder);
    else next.add(folder);
    setExpanded(next);
  };
  const select = (file: number) => {
    setChosen(tree.files[file]!.path);
    // With the preview hidden, choosing a file shows it beside the browser.
    if (layout === 'browser') setLayout('split');
  };
  const step = (by: 1 | -1) => {
    if (ordered.length === 0) return;
    const at = selected ? ordered.indexOf(selected) : 0;
    setChosen(ordered[(at + by + ordered.length) % ordered.length]!.path);
  };
  const pathIndex = (path: string) => tree.files.findIndex((file) => file.path === path);
  const totalSize = ordered.reduce((sum, file) => sum + file.size, 0);

  return (
    <section className="card output-browser" aria-labelledby="output-files-title">
      <div className={`card-header ${styles.header}`}>
        <div className={styles.title}>
          <h2 id="output-files-title" className="card-title">
            Output Files
          </h2>
          {files.data && (
            <span className="faint">
              {plural(ordered.length, 'file')} · {formatBytes(totalSize)}
            </span>
          )}
        </div>
        <div className={styles.controls}>
          <div className={`search-field ${styles.search}`}>
            <Icon name="search" size={16} />
            <input
              className="input"
              type="text"
              aria-label="Search files"
              placeholder="Search files..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            {search && (
              <button
                type="button"
                className={`btn btn-ghost btn-sm btn-icon ${styles.searchClear}`}
                aria-label="Clear search"
                onClick={() => setSearch('')}
              >
                <Icon name="close" size={15} />
              </button>
            )}
          </div>
          <div className={styles.segmented} role="group" aria-label="Layout">
            {LAYOUTS.map((option) => (
              <button
                key={option.id}
                type="button"
                aria-pressed={layout === option.id}
                aria-label={option.label}
                title={option.label}
                onClick={() => setLayout(option.id)}
              >
                <JobIcon name={option.icon} size={16} />
              </button>
            ))}
          </div>
        </div>
      </div>

      {files.data && <BundleActions jobId={jobId} files={files.data} load={contentOf} />}
      {files.isPending ? (
        <div className={styles.state} role="status">
          <Spinner />
          <span className="muted">Loading files...</span>
        </div>
      ) : files.isError ? (
        <EmptyState
          icon="alert"
          title="Failed to load output files"
          action={
            <Button variant="secondary" onClick={() => void files.refetch()}>
              Try Again
            </Button>
          }
        >
          {files.error.message}
        </EmptyState>
      ) : ordered.length === 0 ? (
        <EmptyState icon="files" title="No output files found">
          This job finished without writing any output files.
        </EmptyState>
      ) : (
        <div className={cx(styles.body, LAYOUT_CLASSES[layout])}>
          {layout !== 'preview' && (
            <div className={styles.tree}>
              {rows.length === 0 ? (
                <EmptyState icon="search" title="No files match your search">
                  Nothing in this job's outputs contains “{search.trim()}”.
                </EmptyState>
              ) : (
                <FileTreeView
                  tree={tree}
                  rows={rows}
                  totals={totals}
                  isOpen={(folder) => search.trim() !== '' || open.has(folder)}
                  selectedFile={selectedIndex}
                  copiedFile={copiedPath === null ? null : pathIndex(copiedPath)}
                  showActions={layout === 'browser'}
                  onToggle={toggle}
                  onSelect={select}
                  onCopy={(file) => void onCopy(tree.files[file]!.path)}
                  onDownload={(file) => void onDownload(tree.files[file]!.path)}
                />
              )}
            </div>
          )}
          {layout !== 'browser' && (
            <div className={styles.preview} data-testid="output-preview">
              <OutputFilePreview
                jobId={jobId}
                file={selected}
                onStep={layout === 'preview' ? step : undefined}
                onFullScreen={() => selected && setViewerIndex(ordered.indexOf(selected))}
              />
            </div>
          )}
        </div>
      )}

      {viewerIndex !== null && (
        <FullScreenViewer
          jobId={jobId}
          files={ordered}
          index={viewerIndex}
          onIndex={(index) => {
            setViewerIndex(index);
            setChosen(ordered[index]?.path ?? null);
          }}
          onClose={() => setViewerIndex(null)}
        />
      )}
    </section>
  );
}
