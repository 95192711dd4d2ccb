import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/feedback.js';
import { FALLBACK_PLANS } from '../../lib/plans.js';
import { saveDemoHandoff } from '../upload/demo-handoff.js';
import { overlapError } from '../upload/config/job-fields.js';
import { noTextFilesReason } from '../upload/rules/no-text-files.js';
import { MAX_ZIP_MB } from '../upload/rules/validate-archive.js';
import { ArchiveBar } from '../upload/archive-bar.js';
import { ConfigPanel } from '../upload/config/config-panel.js';
import { useUploadOptions } from '../upload/config/use-upload-options.js';
import { Explorer } from '../upload/explorer/explorer.js';
import { useExplorer } from '../upload/explorer/use-explorer.js';
import { SummaryBar } from '../upload/summary-bar.js';
import { SummaryDock } from '../upload/summary-dock.js';
import type { LoadedArchive } from '../upload/use-archive.js';
import { useArchive } from '../upload/use-archive.js';
import { useCountingWorkers } from '../upload/use-selection-counts.js';
import { useSelectionEstimate } from '../upload/use-selection-estimate.js';
import { ZipDropZone } from '../upload/zip-drop-zone.js';
import styles from './demo-page.module.css';

export const DEMO_SIGN_UP_MESSAGE =
  'Create a free account to process your selection: 100 credits every month, no card needed.';
export const DEMO_NOT_KEPT_MESSAGE =
  'Create a free account to process your selection: 100 credits every month, no card needed. ' +
  'This browser could not keep your archive, so you will choose it again after signing up.';

/** A visitor signs up on the free plan: the demo offers its formats. */
const FREE_FORMATS = FALLBACK_PLANS.find((plan) => plan.id === 'free')?.allowed_output_formats ?? [
  'md',
];

/** The explorer and the exact figures of one archive, all in this browser. */
function DemoWorkspace({ archive }: { archive: LoadedArchive }) {
  const navigate = useNavigate();
  const explorer = useExplorer(archive.tree);
  const { options, update } = useUploadOptions(FREE_FORMATS);
  const [saving, setSaving] = useState(false);
  const { tree } = archive;
  const { selected, knownLines } = explorer;
  const estimate = useSelectionEstimate(archive, selected, knownLines, options);
  const selection = useMemo(
    () => ({
      bytes: estimate.bytes,
      files: estimate.files,
      languages: new Set(selected.map((file) => tree.files[file]!.language)),
    }),
    [estimate, selected, tree],
  );
  const noTextFiles = useMemo(() => noTextFilesReason(tree), [tree]);
  // The archive and the choices stay in this browser until the visitor is signed in; the upload
  // page picks them up from there.
  const signUp = async () => {
    setSaving(true);
    let message = DEMO_SIGN_UP_MESSAGE;
    try {
      await saveDemoHandoff({ file: archive.file, ...explorer.selection(), options });
    } catch (error) {
      console.error('Could not keep the demo selection', error);
      message = DEMO_NOT_KEPT_MESSAGE;
    }
    void navigate('/auth?tab=signup', {
      state: { message, from: { pathname: '/upload', search: '' } },
    });
  };
  return (
    <>
      <Explorer archive={archive.file} entries={archive.listing.entries} explorer={explorer} />
      <ConfigPanel
        options={options}
        update={update}
        allowedFormats={FREE_FORMATS}
        selection={selection}
      />
      <SummaryDock>
        {noTextFiles && <Alert tone="warning">{noTextFiles}</Alert>}
        <SummaryBar
          estimate={estimate}
          creditType="monthly"
          onCreditType={() => undefined}
          showCreditChoice={false}
          overLimit={false}
          busy={saving}
          blockedReason={noTextFiles ?? overlapError(options)}
          onProcess={() => void signUp()}
        />
      </SummaryDock>
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
    <div className="container page demo-page">
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
        <div className={`stack ${styles.demoStack}`}>
          <ArchiveBar archive={state.archive} onClear={archive.clear} />
          <DemoWorkspace key={state.archive.id} archive={state.archive} />
        </div>
      ) : (
        <div className={`stack ${styles.demoStack}`}>
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
