import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useFileContent } from '../../../api/job-queries.js';
import { Button } from '../../../components/ui/button.js';
import { Badge } from '../../../components/ui/feedback.js';
import { Icon } from '../../../components/ui/icons.js';
import { formatNumber } from '../../../lib/format.js';
import {
  CodeLoadFailed,
  CodeSpinner,
  CodeView,
  languageLabel,
  languageOf,
  useCodeDocument,
  useFileSearch,
} from '../../../components/code-browser/index.js';
import { CopyTextButton } from '../copy-text-button.js';
import { saveText } from '../file-actions.js';
import { JobIcon } from '../job-icons.js';
import type { TreeFile } from '../preview/file-tree.js';
import { useViewerKeys } from './viewer-keys.js';
import { Input } from '../../../components/ui/input.js';
import styles from './full-screen-viewer.module.css';
import jobPageStyles from '../job-page.module.css';

/** Viewer font 8 to 24 px, default 14. */
export const MIN_FONT = 8;
export const MAX_FONT = 24;
export const DEFAULT_FONT = 14;

interface FullScreenViewerProps {
  jobId: string;
  files: readonly TreeFile[];
  index: number;
  onIndex(index: number): void;
  onClose(): void;
}

/** The full-screen file viewer. */
export function FullScreenViewer({ jobId, files, index, onIndex, onClose }: FullScreenViewerProps) {
  const file = files[index] ?? null;
  const content = useFileContent(jobId, file?.path ?? null);
  const doc = useCodeDocument(content.data?.content, languageOf(file?.path ?? ''));
  const search = useFileSearch(doc);
  const [fontSize, setFontSize] = useState(DEFAULT_FONT);
  const [showLines, setShowLines] = useState(true);
  const [wrap, setWrap] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const step = (by: 1 | -1) => {
    if (files.length > 0) onIndex((index + by + files.length) % files.length);
  };
  useViewerKeys({
    close: onClose,
    previousFile: () => step(-1),
    nextFile: () => step(1),
    focusSearch: () => {
      searchInput.current?.focus();
      searchInput.current?.select();
    },
    nextResult: search.next,
    previousResult: search.previous,
  });

  // A modal: the page behind does not scroll, and focus comes back where it was on close.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  const text = content.data?.content;
  return createPortal(
    <div
      ref={panel}
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-label="Full-screen file viewer"
      tabIndex={-1}
    >
      <header className={styles.viewerBar}>
        <div className={styles.viewerFile}>
          <span className={styles.viewerFileIcon}>
            <JobIcon name="fileText" size={18} />
          </span>
          <div className={styles.viewerFileText}>
            <h2 className={styles.viewerTitle} title={file?.path}>
              {file?.name ?? 'No file'}
            </h2>
            <span className={styles.viewerMeta}>
              {file && file.path !== file.name && <span className="faint">{file.path}</span>}
              {doc && <Badge tone="primary">{languageLabel(doc.language)}</Badge>}
              {doc && <span className="faint">{formatNumber(doc.lines.length)} lines</span>}
            </span>
          </div>
        </div>
        <div className={styles.viewerNav}>
          <Button
            variant="ghost"
            size="sm"
            icon
            aria-label="Previous file"
            onClick={() => step(-1)}
          >
            <Icon name="chevronLeft" size={18} />
          </Button>
          <span className={styles.viewerCount} aria-live="polite">
            {files.length === 0 ? 0 : index + 1} / {files.length}
          </span>
          <Button variant="ghost" size="sm" icon aria-label="Next file" onClick={() => step(1)}>
            <Icon name="chevronRight" size={18} />
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon
            className={styles.closeButton}
            aria-label="Close viewer"
            onClick={onClose}
          >
            <Icon name="close" size={18} />
          </Button>
        </div>
      </header>

      <div className={styles.viewerTools}>
        <div className={styles.viewerSearch}>
          <Icon name="search" size={15} />
          <Input
            ref={searchInput}
            type="search"
            aria-label="Search in file"
            placeholder="Search in file"
            value={search.query}
            onChange={(event) => search.setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
              event.preventDefault();
              if (event.shiftKey) search.previous();
              else search.next();
            }}
          />
          <span className={styles.viewerCounter} aria-live="polite" data-testid="search-counter">
            {search.counter}
          </span>
          <Button
            variant="ghost"
            size="sm"
            icon
            aria-label="Previous result"
            disabled={search.result.matches.length === 0}
            onClick={search.previous}
          >
            <JobIcon name="chevronUp" size={16} />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon
            aria-label="Next result"
            disabled={search.result.matches.length === 0}
            onClick={search.next}
          >
            <Icon name="chevronDown" size={16} />
          </Button>
        </div>
        <div className={styles.viewerActions}>
          <div className={styles.fontSize} role="group" aria-label="Font size">
            <Button
              variant="ghost"
              size="sm"
              aria-label="A- smaller text"
              disabled={fontSize <= MIN_FONT}
              onClick={() => setFontSize((size) => Math.max(MIN_FONT, size - 1))}
            >
              A-
            </Button>
            <span className={styles.fontSizeValue} aria-live="polite">
              {fontSize}px
            </span>
            <Button
              variant="ghost"
              size="sm"
              aria-label="A+ larger text"
              disabled={fontSize >= MAX_FONT}
              onClick={() => setFontSize((size) => Math.min(MAX_FONT, size + 1))}
            >
              A+
            </Button>
          </div>
          <Button variant="secondary" size="sm" onClick={() => setShowLines((value) => !value)}>
            <JobIcon name="lineNumbers" size={15} />
            <span className={jobPageStyles.btnText}>{showLines ? 'Hide Lines' : 'Show Lines'}</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={wrap}
            onClick={() => setWrap((value) => !value)}
          >
            <JobIcon name="wrap" size={15} />
            <span className={jobPageStyles.btnText}>Wrap</span>
          </Button>
          <CopyTextButton text={text} />
          <Button
            variant="secondary"
            size="sm"
            disabled={text === undefined || !file}
            onClick={() => file && text !== undefined && saveText(text, file.name)}
          >
            <Icon name="download" size={15} />
            <span className={jobPageStyles.btnText}>Download</span>
          </Button>
        </div>
      </div>

      <div className={`viewer-body ${styles.viewerBody}`}>
        {content.isPending && file ? (
          <CodeSpinner>Loading file...</CodeSpinner>
        ) : content.isError ? (
          <CodeLoadFailed message={content.error.message} />
        ) : doc && file ? (
          <CodeView
            key={file.path}
            doc={doc}
            label={`Contents of ${file.name}`}
            showLineNumbers={showLines}
            wrap={wrap}
            fontSize={fontSize}
            matches={search.result.matches}
            matchLines={search.byLine}
            activeMatch={search.active}
          />
        ) : null}
      </div>

      <footer className={styles.viewerHints} aria-hidden="true">
        <span>
          <kbd>Esc</kbd> close
        </span>
        <span>
          <kbd>←</kbd> <kbd>→</kbd> files
        </span>
        <span>
          <kbd>Ctrl</kbd>/<kbd>⌘</kbd> <kbd>F</kbd> search
        </span>
        <span>
          <kbd>Ctrl</kbd> <kbd>Enter</kbd> next · <kbd>Shift</kbd> previous
        </span>
      </footer>
    </div>,
    document.body,
  );
}
