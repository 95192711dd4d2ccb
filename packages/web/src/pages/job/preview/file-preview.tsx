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
  languageLabel,
  languageOf,
  useCodeDocument,
} from '../../../components/code-browser/index.js';
import { CopyTextButton } from '../copy-text-button.js';
import { saveText } from '../file-actions.js';
import { JobIcon } from '../job-icons.js';
import type { TreeFile } from './file-tree.js';

const PREVIEW_FONT = 13;

interface FilePreviewProps {
  jobId: string;
  file: TreeFile | null;
  onFullScreen(): void;
  /** Previous/next controls, for the preview-only layout that hides the browser. */
  onStep?: (by: 1 | -1) => void;
}

/** The selected file: header with its facts and actions, then the code view. */
export function FilePreview({ jobId, file, onFullScreen, onStep }: FilePreviewProps) {
  const content = useFileContent(jobId, file?.path ?? null);
  const doc = useCodeDocument(content.data?.content, languageOf(file?.path ?? ''));
  const [showLines, setShowLines] = useState(true);
  const [wrap, setWrap] = useState(false);

  if (!file) {
    return (
      <div className="preview-empty">
        <EmptyState icon="file" title="No file selected">
          Choose a file from the browser to preview
        </EmptyState>
      </div>
    );
  }

  const text = content.data?.content;
  return (
    <div className="file-preview">
      <div className="preview-head">
        <div className="preview-file">
          <JobIcon name="fileText" size={18} className="preview-file-icon" />
          <div className="preview-file-text">
            <h3 className="preview-name" title={file.path}>
              {file.name}
            </h3>
            <span className="preview-facts">
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
        <div className="preview-actions">
          {onStep && (
            <span className="preview-step">
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
          <span className="preview-sep" aria-hidden="true" />
          <CopyTextButton text={text} />
          <Button
            variant="secondary"
            size="sm"
            icon
            aria-label={`Download ${file.name}`}
            title="Download"
            disabled={text === undefined}
            onClick={() => text !== undefined && saveText(text, file.name)}
          >
            <Icon name="download" size={15} />
          </Button>
          <Button variant="primary" size="sm" onClick={onFullScreen}>
            <JobIcon name="maximize" size={15} />
            Full Screen
          </Button>
        </div>
      </div>
      <div className="preview-body">
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
      </div>
    </div>
  );
}
