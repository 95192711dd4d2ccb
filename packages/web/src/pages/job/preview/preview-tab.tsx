import type { JobResponse } from '@repobundle/contract';
import { Button } from '../../../components/ui/button.js';
import { EmptyState, Spinner } from '../../../components/ui/feedback.js';
import { useSession } from '../../../session/session-context.js';
import { OutputBrowser } from './output-browser.js';
import { OutputStats } from './output-stats.js';
import jobPageStyles from '../job-page.module.css';
import outputBrowserStyles from './output-browser.module.css';
import styles from './preview-tab.module.css';

/** Preview Files: the results of a succeeded job, or why there are none yet. */
export function PreviewTab({
  job,
  onShowAnalytics,
}: {
  job: JobResponse;
  onShowAnalytics(): void;
}) {
  const { user } = useSession();
  if (job.status === 'failed') {
    return (
      <div className="card">
        <EmptyState
          icon="alert"
          title="Preview Not Available"
          action={
            <Button variant="secondary" onClick={onShowAnalytics}>
              Open Analytics
            </Button>
          }
        >
          This job failed, so it has no output files. Check the Analytics tab for the processing
          errors.
        </EmptyState>
      </div>
    );
  }
  if (job.status !== 'succeeded') {
    return (
      <div className="card">
        <div className="empty">
          <Spinner />
          <h3 className={styles.processingTitle}>Processing Job...</h3>
          <p className="muted">
            Your output files will appear here as soon as processing finishes.
          </p>
        </div>
      </div>
    );
  }
  if (!user) {
    return (
      <div className={`card ${outputBrowserStyles.state}`} role="status">
        <Spinner />
        <span className="muted">Loading user data...</span>
      </div>
    );
  }
  return (
    <div className={`stack ${jobPageStyles.jobStack}`}>
      <OutputStats job={job} />
      <OutputBrowser jobId={job.id} />
    </div>
  );
}
