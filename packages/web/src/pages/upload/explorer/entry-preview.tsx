import { useEffect, useMemo } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Badge, EmptyState, Spinner } from '../../../components/ui/feedback.js';
import { Icon } from '../../../components/ui/icons.js';
import { countLines } from '../rules/estimate.js';
import { formatBytes } from '../../../lib/format.js';
import type { ZipEntry } from '../zip/read-central-directory.js';
import { UploadIcon } from '../upload-icons.js';
import {
  CodeView,
  FilePreview,
  languageLabel,
  PreviewMessage,
  PreviewNote,
  useCodeDocument,
} from '../../../components/code-browser/index.js';
import { FONT_MAX, FONT_MIN, type ExplorerState } from './use-explorer.js';
import { useEntryContent } from './use-entry-content.js';
import styles from './entry-preview.module.css';

/** The explorer's code sits a little looser than the job's output files. */
const UPLOAD_LINE_SPACING = 1.65;

interface EntryPreviewProps {
  archive: Blob;
  entries: readonly ZipEntry[];
  explorer: ExplorerState;
  onLocate(file: number): void;
}

/** The right pane: the previewed archive entry, decompressed on demand and highlighted. */
export function EntryPreview({ archive, entries, explorer, onLocate }: EntryPreviewProps) {
  const index = explorer.activeFile;
  const file = index === null ? null : explorer.tree.files[index]!;
  // The tree's files are the listing's entries, in the same order.
  const entry = index === null ? null : (entries[index] ?? null);
  const { content, retry } = useEntryContent(archive, entry);
  const { rememberLines } = explorer;
  const doc = useCodeDocument(
    content.status === 'ready' ? content.text : undefined,
    file?.language ?? 'text',
  );

  const lines = useMemo(
    () => (content.status === 'ready' ? countLines(content.text) : null),
    [content],
  );
  useEffect(() => {
    // A read file's real line count replaces the size estimate in the summary.
    if (index !== null && lines !== null && content.status === 'ready' && !content.truncated) {
      rememberLines(index, lines);
    }
  }, [index, lines, content, rememberLines]);

  const fontControls = (
    <div className={styles.fontControls} role="group" aria-label="Font size">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => explorer.changeFont(-1)}
        disabled={explorer.fontSize <= FONT_MIN}
      >
        <span aria-hidden="true">A-</span>
        <span className="sr-only">Decrease font size</span>
      </Button>
      <span className={styles.fontSize} aria-live="polite">
        {explorer.fontSize}px
      </span>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => explorer.changeFont(1)}
        disabled={explorer.fontSize >= FONT_MAX}
      >
        <span aria-hidden="true">A+</span>
        <span className="sr-only">Increase font size</span>
      </Button>
    </div>
  );

  if (!file || index === null) {
    return (
      <FilePreview
        density="compact"
        title={<span className={`${styles.title} muted`}>Preview</span>}
        tools={fontControls}
      >
        <PreviewMessage>
          <EmptyState icon="file" title="Select a file to preview it">
            Click any file in the tree. Only that file is decompressed, in your browser.
          </EmptyState>
        </PreviewMessage>
      </FilePreview>
    );
  }

  return (
    <FilePreview
      density="compact"
      title={
        <div className={styles.title}>
          <UploadIcon name="file" />
          <span className={styles.path} title={file.path}>
            {file.path}
          </span>
        </div>
      }
      tools={
        <div className={styles.tools}>
          <Badge tone="primary">{languageLabel(file.language)}</Badge>
          <span className={`faint ${styles.stat}`}>{formatBytes(file.size)}</span>
          {lines !== null && (
            <span className={`faint ${styles.stat}`}>
              {lines.toLocaleString('en-US')} {lines === 1 ? 'line' : 'lines'}
            </span>
          )}
          <Button variant="ghost" size="sm" onClick={() => onLocate(index)}>
            <UploadIcon name="crosshair" />
            Locate in tree
          </Button>
          {fontControls}
        </div>
      }
      notes={
        <>
          {file.reason && (
            <PreviewNote>
              This file is not processed ({file.reason}); the server decides in the end.
            </PreviewNote>
          )}
          {content.status === 'ready' && content.truncated && (
            <PreviewNote>
              Showing the first {formatBytes(content.text.length)} of {formatBytes(file.size)}.
            </PreviewNote>
          )}
        </>
      }
    >
      {content.status === 'loading' && (
        <PreviewMessage>
          <Spinner label="Loading" />
          <span className="muted">Loading…</span>
        </PreviewMessage>
      )}
      {content.status === 'error' && (
        <PreviewMessage>
          <p className="text-danger">Failed to load content: {content.message}</p>
          <Button variant="secondary" size="sm" onClick={retry}>
            <Icon name="refresh" size={15} />
            Retry
          </Button>
        </PreviewMessage>
      )}
      {content.status === 'binary' && (
        <PreviewMessage>
          <EmptyState icon="file" title="Binary file">
            This file has no text to preview.
          </EmptyState>
        </PreviewMessage>
      )}
      {content.status === 'ready' && doc && (
        <CodeView
          doc={doc}
          label="File content"
          showLineNumbers
          wrap={false}
          fontSize={explorer.fontSize}
          lineSpacing={UPLOAD_LINE_SPACING}
        />
      )}
    </FilePreview>
  );
}
