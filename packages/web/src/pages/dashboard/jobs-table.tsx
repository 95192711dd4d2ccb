import { Link } from 'react-router';
import type { JobResponse } from '@repobundle/contract';
import { Button, buttonClass } from '../../components/ui/button.js';
import { Icon } from '../../components/ui/icons.js';
import { formatNumber, formatShortDateTime } from '../../lib/format.js';
import { describeScheduledDeletion } from '../../lib/scheduled-deletion.js';
import { jobCredits } from '../../lib/transactions.js';
import { JobStatusBadge } from './job-status-badge.js';
import { DataTable } from '../../components/ui/table.js';
import styles from './jobs-table.module.css';

/** A table on wide screens; a list of cards on phones, where nine columns cannot fit. */
/** What a done job used; what a running one holds; a failed one's reservation came back. */
function JobCreditsValue({ job }: { job: JobResponse }) {
  const credits = jobCredits(job);
  return (
    <span title={`Credits ${credits.label}`}>
      {formatNumber(credits.value)} <span className="faint">{credits.label}</span>
    </span>
  );
}

export function JobsTable({
  jobs,
  onDelete,
}: {
  jobs: JobResponse[];
  onDelete(job: JobResponse): void;
}) {
  return (
    <>
      <div className={styles.table}>
        <JobsGrid jobs={jobs} onDelete={onDelete} />
      </div>
      <JobCards jobs={jobs} onDelete={onDelete} />
    </>
  );
}

function JobCards({ jobs, onDelete }: { jobs: JobResponse[]; onDelete(job: JobResponse): void }) {
  return (
    <ul className={styles.cards} data-testid="job-cards" aria-label="Recent jobs">
      {jobs.map((job) => {
        const deletion = describeScheduledDeletion(job.scheduled_deletion);
        return (
          <li key={job.id} className={styles.card}>
            <div className={styles.cardTop}>
              <Link to={`/jobs/${job.id}`} className={styles.jobCell}>
                <span className={styles.source} title={job.source_name || undefined}>
                  {job.source_name || 'Untitled job'}
                </span>
                <code className="code-chip">{job.id.slice(0, 8)}</code>
              </Link>
              <JobStatusBadge status={job.status} />
            </div>
            <dl className={styles.cardFacts}>
              <div>
                <dt>Files</dt>
                <dd>{formatNumber(job.file_count || job.total_files)}</dd>
              </div>
              <div>
                <dt>Format</dt>
                <dd className="format-chip">.{job.output_format}</dd>
              </div>
              <div>
                <dt>Credits</dt>
                <dd>
                  <JobCreditsValue job={job} />
                </dd>
              </div>
              <div>
                <dt>Created</dt>
                <dd>{formatShortDateTime(job.created_at)}</dd>
              </div>
              <div>
                <dt>Finished</dt>
                <dd>{formatShortDateTime(job.finished_at)}</dd>
              </div>
              <div>
                <dt>Deletion</dt>
                <dd className={deletion.overdue ? 'text-danger' : undefined}>{deletion.text}</dd>
              </div>
            </dl>
            <div className={styles.cardActions}>
              <JobActions job={job} onDelete={onDelete} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function JobsGrid({ jobs, onDelete }: { jobs: JobResponse[]; onDelete(job: JobResponse): void }) {
  return (
    <DataTable caption="Recent jobs">
      <thead>
        <tr>
          <th scope="col">Job</th>
          <th scope="col">Status</th>
          <th scope="col">Files</th>
          <th scope="col">Format</th>
          <th scope="col">Credits</th>
          <th scope="col">Created</th>
          <th scope="col">Finished</th>
          <th scope="col">Scheduled deletion</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => {
          const id = job.id;
          const deletion = describeScheduledDeletion(job.scheduled_deletion);
          return (
            <tr key={id}>
              <td>
                <Link to={`/jobs/${id}`} className={styles.jobCell}>
                  <span className={styles.source} title={job.source_name || undefined}>
                    {job.source_name || 'Untitled job'}
                  </span>
                  <code className="code-chip" title={id}>
                    {id.slice(0, 8)}
                  </code>
                </Link>
              </td>
              <td>
                <JobStatusBadge status={job.status} />
              </td>
              <td>{formatNumber(job.file_count || job.total_files)}</td>
              <td>
                <span className="format-chip">.{job.output_format}</span>
              </td>
              <td>
                <JobCreditsValue job={job} />
              </td>
              <td>{formatShortDateTime(job.created_at)}</td>
              <td>{formatShortDateTime(job.finished_at)}</td>
              <td className={deletion.overdue ? 'text-danger' : undefined}>{deletion.text}</td>
              <td>
                <div className={`row ${styles.rowActions}`}>
                  <JobActions job={job} onDelete={onDelete} compact />
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

/**
 * View and Delete, the same in the phone cards and the desktop table. In the table Delete is an
 * icon (named for screen readers): with its label the row was wider than the card at 1440 px.
 */
function JobActions({
  job,
  onDelete,
  compact = false,
}: {
  job: JobResponse;
  onDelete(job: JobResponse): void;
  compact?: boolean;
}) {
  return (
    <>
      <Link to={`/jobs/${job.id}`} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        View
      </Link>
      <Button
        variant="danger-ghost"
        size="sm"
        icon={compact}
        aria-label="Delete"
        title={`Delete ${job.id.slice(0, 8)}`}
        onClick={() => onDelete(job)}
      >
        <Icon name="trash" size={15} />
        {!compact && 'Delete'}
      </Button>
    </>
  );
}
