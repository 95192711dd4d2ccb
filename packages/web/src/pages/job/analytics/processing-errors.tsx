import type { Job } from '../../../api/types.js';
import { Badge } from '../../../components/ui/feedback.js';
import { Icon } from '../../../components/ui/icons.js';
import { JobIcon } from '../job-icons.js';

/** The errors badge counts the job's failure message and every per-file error. */
export function errorCount(job: Pick<Job, 'error' | 'errors'>): number {
  return job.errors.length + (job.error ? 1 : 0);
}

/** The engine's skip reasons (kebab-case kinds); an unknown one is shown as it comes. */
const REASON_LABELS: Record<string, string> = {
  'excluded-folder': 'Excluded folder',
  'excluded-file': 'Excluded file',
  gitignored: 'Ignored by .gitignore',
  'custom-exclude': 'Custom exclude',
  'not-included': 'Not included',
  binary: 'Binary',
  'too-large': 'Too large',
  undecodable: 'Undecodable',
  'invalid-notebook': 'Invalid notebook',
  'read-failed': 'Read failed',
  'processing-failed': 'Processing failed',
};

/** Processing Errors: the job's failure, then each file that could not be processed. */
export function ProcessingErrors({ job }: { job: Job }) {
  const count = errorCount(job);
  return (
    <section className="card" aria-labelledby="processing-errors-title">
      <div className="card-header">
        <h2 id="processing-errors-title" className="card-title">
          Processing Errors
        </h2>
        <Badge tone={count > 0 ? 'danger' : 'success'}>
          {count} {count === 1 ? 'error' : 'errors'}
        </Badge>
      </div>
      {count === 0 ? (
        <div className="card-body errors-none">
          <JobIcon name="checkCircle" size={20} />
          <span>
            {job.status === 'succeeded' || job.status === 'failed'
              ? 'No processing errors: every selected file was processed.'
              : 'No errors so far.'}
          </span>
        </div>
      ) : (
        <ul className="error-list">
          {job.error && (
            <li className="error-item error-fatal">
              <Icon name="alert" size={17} />
              <div>
                <strong>The job failed</strong>
                <p>{job.error}</p>
              </div>
            </li>
          )}
          {job.errors.map((error, index) => (
            <li key={`${error.path ?? ''}-${index}`} className="error-item">
              <Icon name="file" size={17} />
              <div>
                <div className="error-head">
                  <code className="error-path">{error.path ?? 'Whole job'}</code>
                  <Badge tone="warning">{REASON_LABELS[error.reason] ?? error.reason}</Badge>
                </div>
                <p>{error.message}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
