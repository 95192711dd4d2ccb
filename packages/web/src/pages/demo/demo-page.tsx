import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/feedback.js';
import { noTextFilesReason } from '../../lib/upload/no-text-files.js';
import { MAX_ZIP_MB } from '../../lib/upload/validate-archive.js';
import { ArchiveBar } from '../upload/archive-bar.js';
import { Explorer } from '../upload/explorer/explorer.js';
import { useExplorer } from '../upload/explorer/use-explorer.js';
import { SummaryBar } from '../upload/summary-bar.js';
import type { LoadedArchive } from '../upload/use-archive.js';
import { useArchive } from '../upload/use-archive.js';
import { useCountingWorkers } from '../upload/use-selection-counts.js';
import { useSelectionEstimate } from '../upload/use-selection-estimate.js';
import { ZipDropZone } from '../upload/zip-drop-zone.js';
import '../upload/upload.css';

export const DEMO_SIGN_UP_MESSAGE =
  'Create a free account to process your selection: 100 credits every month, no card needed.';

/** The demo has no options panel: a job's default selection rules. */
const DEMO_RULES = { useGitignore: false, customPatterns: [] };

/** The explorer and the exact figures of one archive, all in this browser. */
function DemoWorkspace({ archive }: { archive: LoadedArchive }) {
  const navigate = useNavigate();
  const explorer = useExplorer(archive.tree);
  const { tree } = archive;
  const { selected, knownLines } = explorer;
  const estimate = useSelectionEstimate(archive, selected, knownLines, DEMO_RULES);
  const noTextFiles = useMemo(() => noTextFilesReason(tree), [tree]);
  const signUp = () =>
    void navigate('/auth?tab=signup', {
      state: { message: DEMO_SIGN_UP_MESSAGE, from: { pathname: '/upload', search: '' } },
    });
  return (
    <>
      <Explorer archive={archive.file} entries={archive.listing.entries} explorer={explorer} />
      <div className="summary-dock">
        {noTextFiles && <Alert tone="warning">{noTextFiles}</Alert>}
        <SummaryBar
          estimate={estimate}
          creditType="monthly"
          onCreditType={() => undefined}
          overLimit={false}
          busy={false}
          blockedReason={noTextFiles}
          onProcess={signUp}
        />
      </div>
    </>
  );
}

/**
 * /demo: a visitor drops a ZIP and sees the explorer, the exact lines and tokens and the credit
 * estimate, all computed in the browser; nothing is uploaded. Process leads to sign-up.
 */
export function DemoPage() {
  const archive = useArchive(MAX_ZIP_MB);
  useCountingWorkers();
  const { state } = archive;
  return (
    <div className="container page upload-page demo-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Try RepoBundle</h1>
          <p className="page-subtitle">
            Drop a ZIP of a repository: its files, exact token count and credit estimate are worked
            out here in your browser. Nothing is uploaded.
          </p>
        </div>
      </div>
      {state.status === 'ready' ? (
        <div className="stack upload-stack">
          <ArchiveBar archive={state.archive} onClear={archive.clear} />
          <DemoWorkspace key={state.archive.id} archive={state.archive} />
        </div>
      ) : (
        <div className="stack upload-stack">
          <ZipDropZone
            limitMb={MAX_ZIP_MB}
            reading={state.status === 'reading'}
            error={state.status === 'idle' ? state.error : null}
            onFile={(file) => void archive.load(file)}
          />
        </div>
      )}
    </div>
  );
}
