import type { JobResponse } from '@repobundle/contract';
import { Icon } from '../../../components/ui/icons.js';
import { durationBetween, formatDateTime } from '../../../lib/format.js';
import { describeScheduledDeletion } from '../../../lib/scheduled-deletion.js';
import { cx } from '../../../lib/class-names.js';
import jobPageStyles from '../job-page.module.css';

interface Step {
  label: string;
  at: string | null;
  detail?: string;
  state: 'done' | 'current' | 'todo' | 'failed';
}

/** Job Timeline: created, started, finished (or failed), and when the job is deleted. */
export function JobTimeline({ job }: { job: JobResponse }) {
  const failed = job.status === 'failed';
  const deletion = describeScheduledDeletion(job.scheduled_deletion);
  const steps: Step[] = [
    { label: 'Created', at: job.created_at, state: 'done' },
    {
      label: 'Started',
      at: job.started_at,
      detail: job.started_at
        ? `after ${durationBetween(job.created_at, job.started_at)} in queue`
        : 'Waiting for a worker',
      state: job.started_at ? 'done' : 'current',
    },
    {
      label: failed ? 'Failed' : 'Finished',
      at: job.finished_at,
      detail: job.finished_at
        ? `took ${durationBetween(job.started_at ?? job.created_at, job.finished_at)}`
        : job.started_at
          ? 'In progress'
          : undefined,
      state: failed ? 'failed' : job.finished_at ? 'done' : job.started_at ? 'current' : 'todo',
    },
  ];
  return (
    <section className="card" aria-labelledby="job-timeline-title">
      <div className="card-header">
        <h2 id="job-timeline-title" className="card-title">
          Job Timeline
        </h2>
      </div>
      <ol className={`${jobPageStyles.timeline} card-body`}>
        {steps.map((step) => (
          <li
            key={step.label}
            className={cx(jobPageStyles.timelineStep, jobPageStyles[step.state])}
          >
            <span className={jobPageStyles.timelineDot} aria-hidden="true">
              {step.state === 'done' && <Icon name="check" size={11} />}
              {step.state === 'failed' && <Icon name="x" size={11} />}
            </span>
            <div>
              <strong>{step.label}</strong>
              <span className={jobPageStyles.timelineTime}>
                {step.at ? formatDateTime(step.at) : 'Not yet'}
              </span>
              {step.detail && (
                <span className={`faint ${jobPageStyles.timelineDetail}`}>{step.detail}</span>
              )}
            </div>
          </li>
        ))}
        <li className={`${jobPageStyles.timelineStep} ${jobPageStyles.deletion}`}>
          <span className={jobPageStyles.timelineDot} aria-hidden="true">
            <Icon name="trash" size={11} />
          </span>
          <div>
            <strong>Scheduled deletion</strong>
            <span
              className={
                deletion.overdue
                  ? `${jobPageStyles.timelineTime} text-danger`
                  : jobPageStyles.timelineTime
              }
            >
              {deletion.text}
            </span>
          </div>
        </li>
      </ol>
    </section>
  );
}
