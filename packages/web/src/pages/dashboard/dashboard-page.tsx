import { useState } from 'react';
import { Link } from 'react-router';
import { useDeleteJob } from '../../api/mutations.js';
import { useJobs } from '../../api/queries.js';
import type { JobResponse } from '@repobundle/contract';
import { ButtonLink } from '../../components/ui/button.js';
import { EmptyState, Skeleton } from '../../components/ui/feedback.js';
import { Icon } from '../../components/ui/icons.js';
import { useToast } from '../../components/ui/toast.js';
import { useFirstTimeTour } from '../../hooks/use-first-time-tour.js';
import { emailName, formatDuration, formatNumber } from '../../lib/format.js';
import { useSession } from '../../session/session-context.js';
import { DELETE_JOB_FAILED, DeleteJobDialog } from './delete-job-dialog.js';
import { JobsTable } from './jobs-table.js';
import { Pagination } from './pagination.js';
import { StatCard } from './stat-card.js';
import styles from './dashboard-page.module.css';

function averageProcessingMs(jobs: JobResponse[]): number | null {
  const durations = jobs
    .filter((job) => job.finished_at && job.status === 'succeeded')
    .map(
      (job) =>
        new Date(job.finished_at!).getTime() - new Date(job.started_at ?? job.created_at).getTime(),
    )
    .filter((ms) => Number.isFinite(ms) && ms >= 0);
  if (durations.length === 0) return null;
  return durations.reduce((sum, ms) => sum + ms, 0) / durations.length;
}

export function DashboardPage() {
  const { user, refreshUser } = useSession();
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<JobResponse | null>(null);
  const jobs = useJobs(page);
  const deletion = useDeleteJob();
  const toast = useToast();
  useFirstTimeTour();

  if (jobs.isError) console.error('Failed to load jobs', jobs.error);
  const list = jobs.data?.jobs ?? [];
  const pagination = jobs.data?.pagination;
  const average = averageProcessingMs(list);

  const onConfirmDelete = async (digits: string) => {
    if (!deleting) return;
    try {
      await deletion.mutateAsync({ id: deleting.id, digits });
      setDeleting(null);
      void refreshUser(true);
      toast.show('Job deleted', 'success');
    } catch {
      toast.show(DELETE_JOB_FAILED, 'error');
    }
  };

  return (
    <div className="container page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Welcome back, {user ? emailName(user.email) : ''}</h1>
          <p className="page-subtitle">Here is what is happening with your bundles.</p>
        </div>
        <ButtonLink to="/upload">
          <Icon name="plus" size={16} />
          New Upload
        </ButtonLink>
      </div>

      <div className="grid grid-4 compact-stats">
        <StatCard
          icon="files"
          label="Total Jobs"
          value={
            jobs.isPending ? (
              <Skeleton width={60} height={28} />
            ) : (
              formatNumber(pagination?.total_jobs ?? list.length)
            )
          }
        />
        <StatCard
          icon="check"
          label="Completed Jobs"
          value={
            jobs.isPending ? (
              <Skeleton width={60} height={28} />
            ) : (
              formatNumber(list.filter((job) => job.status === 'succeeded').length)
            )
          }
        />
        <StatCard
          icon="coins"
          label="Credits Available"
          value={formatNumber(user?.credits_available)}
          hint={`${formatNumber(user?.credits_reserved)} reserved`}
        />
        <StatCard
          icon="clock"
          label="Avg Processing Time"
          value={average === null ? 'N/A' : formatDuration(average)}
        />
      </div>

      <section className="section-block">
        <h2 className="section-title">Quick Actions</h2>
        <div className="grid grid-2">
          <Link to="/upload" className={`card card-body ${styles.quickAction}`}>
            <span className="feature-icon">
              <Icon name="upload" size={20} />
            </span>
            <span>
              <strong>Process New Files</strong>
              <span className="muted">Upload a ZIP or import a repository.</span>
            </span>
            <Icon name="chevronRight" />
          </Link>
          <Link to="/usage" className={`card card-body ${styles.quickAction}`}>
            <span className="feature-icon">
              <Icon name="credit" size={20} />
            </span>
            <span>
              <strong>View Usage &amp; Transactions</strong>
              <span className="muted">Credits purchased, used and reserved.</span>
            </span>
            <Icon name="chevronRight" />
          </Link>
        </div>
      </section>

      <section className="card section-block">
        <div className="card-header">
          <h2 className="card-title">Recent Jobs</h2>
          {pagination && pagination.total_jobs > 0 && (
            <span className={`faint ${styles.recentNote}`}>
              {formatNumber(pagination.total_jobs)} total
            </span>
          )}
        </div>
        {jobs.isPending ? (
          <div className="card-body stack">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={36} />
            ))}
          </div>
        ) : list.length === 0 ? (
          <EmptyState
            icon="files"
            title="No jobs yet"
            action={<ButtonLink to="/upload">Get Started</ButtonLink>}
          >
            Upload a repository to create your first bundle.
          </EmptyState>
        ) : (
          <>
            <JobsTable jobs={list} onDelete={setDeleting} />
            <div className={`card-body ${styles.recentBody}`}>
              <Pagination page={page} totalPages={pagination?.total_pages ?? 1} onPage={setPage} />
            </div>
          </>
        )}
      </section>

      <DeleteJobDialog
        jobId={deleting ? deleting.id : null}
        onCancel={() => setDeleting(null)}
        onConfirm={onConfirmDelete}
      />
    </div>
  );
}
