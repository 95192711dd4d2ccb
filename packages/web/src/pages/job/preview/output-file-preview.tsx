import { useState } from 'react';
import { useFileContent } from '../../../api/job-queries.js';
import { Button } from '../../../components/ui/button.js';
import { Badge, EmptyState, Skeleton } from '../../../components/ui/feedback.js';
import { Icon } from '../../../components/ui/icons.js';
import { formatBytes, formatNumber } from '../../../lib/format.js';
import {
  CodeLoadFailed,
  CodeSkeleton,
  CodeView,
  FilePreview,
  languageLabel,
  languageOf,
  PreviewMessage,
  useCodeDocument,
} from '../../../components/code-browser/index.js';
import { CopyTextButton } from '../copy-text-button.js';
import { saveText } from '../file-actions.js';
import { JobIcon } from '../job-icons.js';
import type { TreeFile } from './file-tree.js';
import styles from './output-file-preview.module.css';

const PREVIEW_FONT = 13;

interface OutputFilePreviewProps {
  jobId: string;
  file: TreeFile | null;
  onFullScreen(): void;
  /** Previous/next controls, for the preview-only layout that hides the browser. */
  onStep?: (by: 1 | -1) => void;
}

/** The selected output file: its name and facts, its actions, then the code view. */
export function OutputFilePreview({ jobId, file, onFullScreen, onStep }: OutputFilePreviewProps) {
  const content = useFileContent(jobId, file?.path ?? null);
  const doc = useCodeDocument(content.data?.content, languageOf(file?.path ?? ''));
  const [showLines, setShowLines] = useState(true);
  const [wrap, setWrap] = useState(false);

  if (!file) {
    return (
      <FilePreview density="roomy">
        <PreviewMessage>
          <EmptyState icon="file" title="No file selected">
            Choose a file from the browser to preview
          </EmptyState>
        </PreviewMessage>
      </FilePreview>
    );
  }

  const text = content.data?.content;
  return (
    <FilePreview
      density="roomy"
      title={
        <div className={styles.file}>
          <JobIcon name="fileText" size={18} className={styles.fileIcon} />
          <div className={styles.fileText}>
            <h3 className={styles.name} title={file.path}>
              {file.name}
            </h3>
            <span className={styles.facts}>
              {doc ? (
                <Badge tone="primary">{languageLabel(doc.language)}</Badge>
              ) : (
                <Skeleton width={70} height={20} />
              )}
              {doc && <span>{formatNumber(doc.lines.length)} lines</span>}
              <span>{formatBytes(file.size)}</span>
            </span>
          </div>
        </div>
      }
      tools={
        <div className={styles.actions}>
          {onStep && (
            <span className={styles.step}>
              <Button
                variant="ghost"
                size="sm"
                icon
                aria-label="Previous file"
                onClick={() => onStep(-1)}
              >
                <Icon name="chevronLeft" size={16} />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                icon
                aria-label="Next file"
                onClick={() => onStep(1)}
              >
                <Icon name="chevronRight" size={16} />
              </Button>
            </span>
          )}
          <Button
            variant="ghost"
            size="sm"
            icon
            aria-label="Line numbers"
            aria-pressed={showLines}
            title={showLines ? 'Hide line numbers' : 'Show line numbers'}
            onClick={() => setShowLines((value) => !value)}
          >
            <JobIcon name="lineNumbers" size={16} />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon
            aria-label="Word wrap"
            aria-pressed={wrap}
            title={wrap ? 'Turn word wrap off' : 'Turn word wrap on'}
            onClick={() => setWrap((value) => !value)}
          >
            <JobIcon name="wrap" size={16} />
          </Button>
          <span className={styles.sep} aria-hidden="true" />
          <CopyTextButton text={text} className={styles.squareOnPhone} />
          <Button
            variant="secondary"
            size="sm"
            icon
            className={styles.squareOnPhone}
            aria-label={`Download ${file.name}`}
            title="Download"
            disabled={text === undefined}
            onClick={() => text !== undefined && saveText(text, file.name)}
          >
            <Icon name="download" size={15} />
          </Button>
          <Button variant="primary" size="sm" className={styles.fullScreen} onClick={onFullScreen}>
            <JobIcon name="maximize" size={15} />
            Full Screen
          </Button>
        </div>
      }
    >
      {content.isPending ? (
        <CodeSkeleton />
      ) : content.isError ? (
        <CodeLoadFailed message={content.error.message} />
      ) : doc ? (
        <CodeView
          key={file.path}
          doc={doc}
          label={`Contents of ${file.name}`}
          showLineNumbers={showLines}
          wrap={wrap}
          fontSize={PREVIEW_FONT}
        />
      ) : null}
    </FilePreview>
  );
}
