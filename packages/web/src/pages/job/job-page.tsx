import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useJob } from '../../api/job-queries.js';
import { useDeleteJob, useDownloadJob } from '../../api/mutations.js';
import { ButtonLink, Button } from '../../components/ui/button.js';
import { Badge, Spinner } from '../../components/ui/feedback.js';
import { Icon } from '../../components/ui/icons.js';
import { Tabs } from '../../components/ui/tabs.js';
import { useSession } from '../../session/session-context.js';
import { DELETE_JOB_FAILED, DeleteJobDialog } from '../dashboard/delete-job-dialog.js';
import { AnalyticsTab } from './analytics/analytics-tab.js';
import { errorCount } from './analytics/processing-errors.js';
import { saveBlob } from './file-actions.js';
import { plural } from '../../lib/format.js';
import { JobHeader } from './job-header.js';
import { isRunning } from './job-labels.js';
import { OverviewTab } from './overview/overview-tab.js';
import { PreviewTab } from './preview/preview-tab.js';
import { useJobUserRefresh } from './use-job-user-refresh.js';
import styles from './job-page.module.css';

const TABS = ['overview', 'preview', 'analytics'] as const;
type TabId = (typeof TABS)[number];
const TAB_NAMES: Record<TabId, string> = {
  overview: 'Overview',
  preview: 'Preview Files',
  analytics: 'Analytics',
};

/** The job detail page, /jobs/{jobId}. */
export function JobPage() {
  const jobId = useParams().jobId ?? '';
  const [params, setParams] = useSearchParams();
  const tab: TabId = TABS.find((id) => id === params.get('tab')) ?? 'overview';
  const setTab = (id: TabId) =>
    setParams(id === 'overview' ? {} : { tab: id }, { replace: true, preventScrollReset: true });
  const query = useJob(jobId);
  const job = query.data;
  useJobUserRefresh(job?.status);
  const navigate = useNavigate();
  const deletion = useDeleteJob();
  const { refreshUser } = useSession();
  const downloadJob = useDownloadJob();
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const download = () => {
    downloadJob.mutate(jobId, {
      onSuccess: (blob) => saveBlob(blob, `job-${jobId}.zip`),
      // A download failure is only logged.
      onError: (error) => console.error('Download failed', error),
    });
  };
  const remove = async (digits: string) => {
    try {
      await deletion.mutateAsync({ id: jobId, digits });
      void refreshUser(true);
      void navigate('/dashboard');
    } catch {
      setDeleteError(DELETE_JOB_FAILED);
    }
  };

  if (query.isPending) {
    return (
      <div className="container page">
        <div className="center-screen" role="status">
          <Spinner />
          <p className="muted">Loading Job Details...</p>
        </div>
      </div>
    );
  }
  // A failed load, first or while polling, is the full-page error and polling stops.
  if (!job || query.isError) {
    return (
      <div className="container page">
        <div className={`card ${styles.jobError}`}>
          <span className={`empty-icon ${styles.jobErrorIcon}`}>
            <Icon name="alert" size={24} />
          </span>
          <h1 className="page-title">Error Loading Job</h1>
          <p className="muted">{query.error?.message}</p>
          <div className="row">
            <Button variant="secondary" onClick={() => void query.refetch()}>
              <Icon name="refresh" size={16} />
              Try Again
            </Button>
            <ButtonLink to="/dashboard">Back to Dashboard</ButtonLink>
          </div>
        </div>
      </div>
    );
  }

  const running = isRunning(job);
  const errors = errorCount(job);
  const outputs = job.statistics?.output_files ?? 0;
  const tabs = [
    {
      id: 'overview' as const,
      label: (
        <span className={styles.tabLabel}>
          Overview
          {/* One row of badges: on a phone it sits under the label, inside the tab. */}
          <span className={styles.tabBadges}>
            {running && (
              <Badge tone="info" dot>
                Active
              </Badge>
            )}
            <Badge>{plural(job.file_count || job.total_files, 'file')}</Badge>
          </span>
        </span>
      ),
    },
    {
      id: 'preview' as const,
      label: (
        <span className={styles.tabLabel}>
          Preview Files
          {job.status === 'succeeded' ? (
            <Badge tone="success">{plural(outputs, 'output')}</Badge>
          ) : (
            <Badge tone="warning">Not Ready</Badge>
          )}
        </span>
      ),
    },
    {
      id: 'analytics' as const,
      label: (
        <span className={styles.tabLabel}>
          Analytics
          <Badge tone={errors > 0 ? 'danger' : 'neutral'}>{plural(errors, 'error')}</Badge>
        </span>
      ),
    },
  ];

  return (
    <div className={`container page ${styles.jobPage}`}>
      <JobHeader
        jobId={jobId}
        job={job}
        downloading={downloadJob.isPending}
        onDownload={download}
        onDelete={() => {
          setDeleteError(null);
          setDeleting(true);
        }}
      />
      <Tabs label="Job sections" tabs={tabs} value={tab} onChange={setTab} />
      <div className="job-panel" role="tabpanel" aria-label={TAB_NAMES[tab]}>
        {tab === 'overview' && <OverviewTab job={job} />}
        {tab === 'preview' && <PreviewTab job={job} onShowAnalytics={() => setTab('analytics')} />}
        {tab === 'analytics' && <AnalyticsTab job={job} />}
      </div>
      <DeleteJobDialog
        jobId={deleting ? jobId : null}
        error={deleteError}
        onCancel={() => {
          setDeleting(false);
          setDeleteError(null);
        }}
        onConfirm={remove}
      />
    </div>
  );
}
