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
  languageLabel,
  useCodeDocument,
} from '../../../components/code-browser/index.js';
import { FONT_MAX, FONT_MIN, type ExplorerState } from './use-explorer.js';
import { useEntryContent } from './use-entry-content.js';

/** The explorer's code sits a little looser than the job's output files. */
const UPLOAD_LINE_SPACING = 1.65;

interface FilePreviewProps {
  archive: Blob;
  entries: readonly ZipEntry[];
  explorer: ExplorerState;
  onLocate(file: number): void;
}

/** The right pane: the previewed file, decompressed on demand and highlighted. */
export function FilePreview({ archive, entries, explorer, onLocate }: FilePreviewProps) {
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
    <div className="font-controls" role="group" aria-label="Font size">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => explorer.changeFont(-1)}
        disabled={explorer.fontSize <= FONT_MIN}
      >
        <span aria-hidden="true">A-</span>
        <span className="sr-only">Decrease font size</span>
      </Button>
      <span className="font-size" aria-live="polite">
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
      <div className="preview">
        <div className="preview-head">
          <span className="preview-title muted">Preview</span>
          {fontControls}
        </div>
        <div className="preview-body preview-center">
          <EmptyState icon="file" title="Select a file to preview it">
            Click any file in the tree. Only that file is decompressed, in your browser.
          </EmptyState>
        </div>
      </div>
    );
  }

  return (
    <div className="preview">
      <div className="preview-head">
        <div className="preview-title">
          <UploadIcon name="file" />
          <span className="preview-path" title={file.path}>
            {file.path}
          </span>
        </div>
        <div className="preview-tools">
          <Badge tone="primary">{languageLabel(file.language)}</Badge>
          <span className="faint preview-stat">{formatBytes(file.size)}</span>
          {lines !== null && (
            <span className="faint preview-stat">
              {lines.toLocaleString('en-US')} {lines === 1 ? 'line' : 'lines'}
            </span>
          )}
          <Button variant="ghost" size="sm" onClick={() => onLocate(index)}>
            <UploadIcon name="crosshair" />
            Locate in tree
          </Button>
          {fontControls}
        </div>
      </div>
      {file.reason && (
        <div className="preview-note">
          This file is not processed ({file.reason}); the server decides in the end.
        </div>
      )}
      {content.status === 'ready' && content.truncated && (
        <div className="preview-note">
          Showing the first {formatBytes(content.text.length)} of {formatBytes(file.size)}.
        </div>
      )}
      <div className="preview-body">
        {content.status === 'loading' && (
          <div className="preview-center">
            <Spinner label="Loading" />
            <span className="muted">Loading…</span>
          </div>
        )}
        {content.status === 'error' && (
          <div className="preview-center">
            <p className="text-danger">Failed to load content: {content.message}</p>
            <Button variant="secondary" size="sm" onClick={retry}>
              <Icon name="refresh" size={15} />
              Retry
            </Button>
          </div>
        )}
        {content.status === 'binary' && (
          <div className="preview-center">
            <EmptyState icon="file" title="Binary file">
              This file has no text to preview.
            </EmptyState>
          </div>
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
      </div>
    </div>
  );
}
