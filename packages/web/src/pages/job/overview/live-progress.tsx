import type { JobResponse } from '@repobundle/contract';
import { Progress } from '../../../components/ui/feedback.js';
import { Icon } from '../../../components/ui/icons.js';
import { STAGE_LABELS, STAGE_STEPS } from '../job-labels.js';
import { cx } from '../../../lib/class-names.js';
import jobPageStyles from '../job-page.module.css';

/** The running job's stage and percent, as the worker reports them (job.progress). */
export function LiveProgress({ job }: { job: JobResponse }) {
  const { stage, percent } = job.progress;
  const current = STAGE_STEPS.indexOf(stage as (typeof STAGE_STEPS)[number]);
  const rounded = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <section
      className={`card card-body ${jobPageStyles.liveProgress}`}
      aria-labelledby="live-progress-title"
    >
      <div className={jobPageStyles.liveProgressHead}>
        <div>
          <h2 id="live-progress-title" className={`card-title ${jobPageStyles.liveTitle}`}>
            <span className={jobPageStyles.pulseDot} aria-hidden="true" />
            {job.status === 'pending' ? 'Waiting to start' : 'Processing'}
          </h2>
          <p className="muted" aria-live="polite">
            {STAGE_LABELS[stage]}
          </p>
        </div>
        <span className={jobPageStyles.livePercent}>{rounded}%</span>
      </div>
      <Progress value={rounded} label="Job progress" />
      <ol className={jobPageStyles.stageSteps}>
        {STAGE_STEPS.map((step, index) => {
          const state =
            stage === 'done' || index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li key={step} className={cx(jobPageStyles.stageStep, jobPageStyles[state])}>
              <span className={jobPageStyles.stageDot} aria-hidden="true">
                {state === 'done' && <Icon name="check" size={12} />}
              </span>
              <span>{STAGE_LABELS[step]}</span>
              <span className="sr-only">
                {state === 'done' ? ' (done)' : state === 'current' ? ' (in progress)' : ''}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
