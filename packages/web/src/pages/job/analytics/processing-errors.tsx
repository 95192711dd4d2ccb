import type { JobError, JobResponse } from '@repobundle/contract';
import { Badge } from '../../../components/ui/feedback.js';
import { Icon } from '../../../components/ui/icons.js';
import { JobIcon } from '../job-icons.js';
import analyticsStyles from './analytics.module.css';

/**
 * Reasons a file is left out by rule (its folder or name, the person's patterns, binary content,
 * the size cap): the product working as designed, not a failure.
 */
const SKIP_REASONS = new Set([
  'not-selected',
  'excluded-folder',
  'excluded-file',
  'gitignored',
  'custom-exclude',
  'not-included',
  'binary',
  'too-large',
]);

export function isSkip(error: Pick<JobError, 'reason'>): boolean {
  return SKIP_REASONS.has(error.reason);
}

/** Real failures: the job's own failure message and every file that could not be processed. */
export function errorCount(job: Pick<JobResponse, 'error' | 'errors'>): number {
  return job.errors.filter((error) => !isSkip(error)).length + (job.error ? 1 : 0);
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

/** Skipped files: what the rules left out, with each reason, in a neutral colour. */
export function SkippedFiles({ job }: { job: JobResponse }) {
  const skipped = job.errors.filter(isSkip);
  if (skipped.length === 0) return null;
  return (
    <section className="card" aria-labelledby="skipped-files-title">
      <div className="card-header">
        <h2 id="skipped-files-title" className="card-title">
          Skipped files
        </h2>
        <Badge>{skipped.length} skipped</Badge>
      </div>
      <p className="card-body faint skipped-intro">
        Left out by the file rules (dependency and build folders, lock files, binary files, files
        over the size cap, your ignore patterns). These are not errors.
      </p>
      <ul className={`${analyticsStyles.errorList} skipped-list`}>
        {skipped.map((entry, index) => (
          <li
            key={`${entry.path ?? ''}-${index}`}
            className={`${analyticsStyles.errorItem} skipped-item`}
          >
            <Icon name="file" size={17} />
            <div>
              <div className={analyticsStyles.errorHead}>
                <code className={analyticsStyles.errorPath}>{entry.path ?? 'Whole job'}</code>
                <Badge>{REASON_LABELS[entry.reason] ?? entry.reason}</Badge>
              </div>
              <p>{entry.message}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Processing Errors: the job's failure, then each file that could not be processed. */
export function ProcessingErrors({ job }: { job: JobResponse }) {
  const count = errorCount(job);
  const failures = job.errors.filter((error) => !isSkip(error));
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
        <div className={`card-body ${analyticsStyles.errorsNone}`}>
          <JobIcon name="checkCircle" size={20} />
          <span>
            {job.status === 'succeeded' || job.status === 'failed'
              ? 'No processing errors.'
              : 'No errors so far.'}
          </span>
        </div>
      ) : (
        <ul className={analyticsStyles.errorList}>
          {job.error && (
            <li className={`${analyticsStyles.errorItem} ${analyticsStyles.errorFatal}`}>
              <Icon name="alert" size={17} />
              <div>
                <strong>The job failed</strong>
                <p>{job.error}</p>
              </div>
            </li>
          )}
          {failures.map((error, index) => (
            <li key={`${error.path ?? ''}-${index}`} className={analyticsStyles.errorItem}>
              <Icon name="file" size={17} />
              <div>
                <div className={analyticsStyles.errorHead}>
                  <code className={analyticsStyles.errorPath}>{error.path ?? 'Whole job'}</code>
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

/**
 * File notes: files where a step the person asked for could not apply (comments kept because no
 * parser reads the language, no syntax outline), each with the reason. Nothing is left silent.
 */
export function FileNotes({ job }: { job: JobResponse }) {
  const notes = job.statistics?.file_notes ?? [];
  if (notes.length === 0) return null;
  const files = new Set(notes.map((entry) => entry.path)).size;
  return (
    <section className="card" aria-labelledby="file-notes-title">
      <div className="card-header">
        <h2 id="file-notes-title" className="card-title">
          File notes
        </h2>
        <Badge tone="warning">
          {files} {files === 1 ? 'file' : 'files'}
        </Badge>
      </div>
      <p className="card-body faint skipped-intro">
        A step you asked for could not apply to these files; they are in the output as described.
        {job.statistics?.file_notes_truncated ? ' The overview file lists every note.' : ''}
      </p>
      <ul className={`${analyticsStyles.errorList} skipped-list`}>
        {notes.map((entry, index) => (
          <li
            key={`${entry.path}-${index}`}
            className={`${analyticsStyles.errorItem} skipped-item`}
          >
            <Icon name="file" size={17} />
            <div>
              <div className={analyticsStyles.errorHead}>
                <code className={analyticsStyles.errorPath}>{entry.path}</code>
              </div>
              <p>{entry.note}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
