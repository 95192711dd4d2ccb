import { Link } from 'react-router';
import type { Job } from '../../api/types.js';
import { Button } from '../../components/ui/button.js';
import { Icon } from '../../components/ui/icons.js';
import { formatNumber, formatShortDateTime } from '../../lib/format.js';
import { describeScheduledDeletion } from '../../lib/scheduled-deletion.js';
import { JobStatusBadge } from './job-status-badge.js';
import { DataTable } from '../../components/ui/table.js';

export function JobsTable({ jobs, onDelete }: { jobs: Job[]; onDelete(job: Job): void }) {
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
          const id = job.id ?? job.job_id;
          const deletion = describeScheduledDeletion(job.scheduled_deletion);
          return (
            <tr key={id}>
              <td>
                <code className="code-chip" title={id}>
                  {id.slice(0, 8)}
                </code>
              </td>
              <td>
                <JobStatusBadge status={job.status} />
              </td>
              <td>{formatNumber(job.file_count ?? job.total_files ?? 0)}</td>
              <td>
                <span className="format-chip">.{job.output_format}</span>
              </td>
              <td>{formatNumber(job.reserved_credits ?? 0)}</td>
              <td>{formatShortDateTime(job.created_at)}</td>
              <td>{formatShortDateTime(job.finished_at)}</td>
              <td className={deletion.overdue ? 'text-danger' : undefined}>{deletion.text}</td>
              <td>
                <div
                  className="row"
                  style={{ gap: 6, flexWrap: 'nowrap', justifyContent: 'flex-end' }}
                >
                  <Link to={`/jobs/${id}`} className="btn btn-secondary btn-sm">
                    View
                  </Link>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="btn-danger-text"
                    onClick={() => onDelete(job)}
                  >
                    <Icon name="trash" size={15} />
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
