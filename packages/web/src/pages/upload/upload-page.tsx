import { useEffect, useState } from 'react';
import { Alert, Spinner } from '../../components/ui/feedback.js';
import { uploadLimitMb } from './rules/validate-archive.js';
import { useSession } from '../../session/session-context.js';
import { ArchiveBar } from './archive-bar.js';
import { ArchiveWorkspace } from './archive-workspace.js';
import { HowItWorks } from './how-it-works.js';
import { ModeSwitch, type UploadMode } from './mode-switch.js';
import { ProUpsell } from './pro-upsell.js';
import { RepositoryPanel } from './repository-panel.js';
import { useArchive } from './use-archive.js';
import { DEMO_HANDOFF_LOST, useDemoHandoff } from './use-demo-handoff.js';
import { useCountingWorkers } from './use-selection-counts.js';
import { ZipDropZone } from './zip-drop-zone.js';
import { canImportRepositories, type RepositorySource } from './rules/repository-url.js';
import styles from './upload-page.module.css';

/** /upload: a ZIP (or, on paid plans, a repository), files chosen in the explorer, a job. */
export function UploadPage() {
  const { user } = useSession();
  const [mode, setMode] = useState<UploadMode>('zip');
  const archive = useArchive(user?.upload_limit_mb);
  useCountingWorkers();
  const [repository, setRepository] = useState<RepositorySource | null>(null);
  const demo = useDemoHandoff(archive.load);
  const { state } = archive;
  const restored =
    demo.handoff && state.status === 'ready' && state.archive.file === demo.handoff.file
      ? demo.handoff
      : null;
  const demoRefused = Boolean(demo.handoff && state.status === 'idle' && state.error);
  const { finish } = demo;
  // The kept archive did not pass this plan's checks: the message says why; nothing to keep.
  useEffect(() => {
    if (demoRefused) void finish();
  }, [demoRefused, finish]);

  if (!user) {
    return (
      <div className="center-screen" aria-busy="true">
        <Spinner label="Loading user data..." />
        <p className="muted">Loading user data...</p>
      </div>
    );
  }

  const clear = () => {
    archive.clear();
    setRepository(null);
    if (demo.handoff || demo.lost) void demo.finish();
  };
  // Switching modes starts over: file, URL, errors and prompts are cleared.
  const switchMode = (next: UploadMode) => {
    if (next === mode) return;
    clear();
    setMode(next);
  };

  return (
    <div className="container page">
      <div className="page-header">
        <div>
          <h1 className="page-title">New Job</h1>
          <p className="page-subtitle">
            Choose a source, pick the files that matter, and turn them into AI-ready bundles.
          </p>
        </div>
        <ModeSwitch mode={mode} onChange={switchMode} />
      </div>

      {state.status === 'ready' ? (
        <div className={`stack ${styles.uploadStack}`}>
          <ArchiveBar archive={state.archive} onClear={clear} {...(repository && { repository })} />
          {restored && (
            <Alert tone="info">
              Your selection from the demo is back: the same files and options, ready to process.
            </Alert>
          )}
          <ArchiveWorkspace
            key={state.archive.id}
            archive={state.archive}
            user={user}
            {...(repository && { repository })}
            {...(restored && { restored, onCreated: demo.finish })}
          />
        </div>
      ) : mode === 'repository' ? (
        <div className={`stack ${styles.uploadStack}`}>
          {state.status === 'idle' && state.error && <Alert tone="danger">{state.error}</Alert>}
          <RepositoryPanel
            key="repository"
            user={user}
            onLoaded={(file, source) => {
              setRepository(source);
              void archive.load(file);
            }}
          />
        </div>
      ) : (
        <div className={`stack ${styles.uploadStack}`}>
          {demo.lost && <Alert tone="warning">{DEMO_HANDOFF_LOST}</Alert>}
          <ZipDropZone
            limitMb={uploadLimitMb(user.upload_limit_mb)}
            reading={state.status === 'reading'}
            error={state.status === 'idle' ? state.error : null}
            onFile={(file) => void archive.load(file)}
          />
          <HowItWorks />
          {!canImportRepositories(user) && <ProUpsell compact />}
        </div>
      )}
    </div>
  );
}
