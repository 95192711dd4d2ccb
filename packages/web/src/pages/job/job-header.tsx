import { Link } from 'react-router';
import type { JobResponse } from '@repobundle/contract';
import { Button, buttonClass } from '../../components/ui/button.js';
import { Icon } from '../../components/ui/icons.js';
import { formatDateTime } from '../../lib/format.js';
import { JobStatusBadge } from '../dashboard/job-status-badge.js';
import { useCopy } from './file-actions.js';
import jobPageStyles from './job-page.module.css';

interface JobHeaderProps {
  jobId: string;
  job: JobResponse | undefined;
  downloading: boolean;
  onDownload(): void;
  onDelete(): void;
}

/** Back link, "Job Details" with the id, status, and the actions of a succeeded job. */
export function JobHeader({ jobId, job, downloading, onDownload, onDelete }: JobHeaderProps) {
  const { copied, copy } = useCopy();
  return (
    <>
      <Link to="/dashboard" className={jobPageStyles.backLink}>
        <Icon name="arrowLeft" size={16} />
        Back to Dashboard
      </Link>
      <div className={`page-header ${jobPageStyles.jobHeader}`}>
        <div className={jobPageStyles.jobHeading}>
          <div className={`row ${jobPageStyles.jobTitleRow}`}>
            <h1 className="page-title">Job Details</h1>
            {job && <JobStatusBadge status={job.status} />}
          </div>
          <div className={jobPageStyles.jobSubline}>
            <code className={`code-chip ${jobPageStyles.jobId}`}>{jobId}</code>
            <button
              type="button"
              className={buttonClass({ variant: 'ghost', size: 'sm', icon: true })}
              aria-label="Copy job id"
              title={copied ? 'Copied' : 'Copy job id'}
              onClick={() => void copy(jobId)}
            >
              <Icon name={copied ? 'check' : 'files'} size={14} />
            </button>
            {job && (
              <span className={`faint ${jobPageStyles.jobSourceLine}`}>
                {job.source_name} · created {formatDateTime(job.created_at)}
              </span>
            )}
          </div>
        </div>
        {job?.status === 'succeeded' && (
          <div className={`row ${jobPageStyles.jobActions}`}>
            <Button onClick={onDownload} loading={downloading}>
              {!downloading && <Icon name="download" size={16} />}
              Download ZIP
            </Button>
            <Button variant="danger-outline" onClick={onDelete}>
              <Icon name="trash" size={16} />
              Delete Job
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
