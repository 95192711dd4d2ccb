import type { JobResponse } from '@repobundle/contract';
import { Alert } from '../../../components/ui/feedback.js';
import { isRunning } from '../job-labels.js';
import { JobConfiguration } from './job-configuration.js';
import { JobModelFit } from './job-model-fit.js';
import { JobPackingCard } from './job-packing.js';
import { JobSecretsCard } from './job-secrets.js';
import { JobStatistics } from './job-statistics.js';
import { JobTimeline } from './job-timeline.js';
import { LiveProgress } from './live-progress.js';
import { ProcessingTimeCard } from './processing-time-card.js';
import jobPageStyles from '../job-page.module.css';

export function OverviewTab({ job }: { job: JobResponse }) {
  return (
    <div className={`stack ${jobPageStyles.jobStack}`}>
      {job.status === 'failed' && (
        <Alert tone="danger">
          <strong>This job failed.</strong> {job.error ?? 'Processing did not finish.'} Reserved
          credits were returned to your balance.
        </Alert>
      )}
      {isRunning(job) && <LiveProgress job={job} />}
      {/* Two columns on wide screens; on narrow ones the items follow their CSS order. */}
      <div className={jobPageStyles.overviewGrid}>
        <div className={jobPageStyles.overviewColumn}>
          <JobStatistics job={job} />
          {job.statistics?.model && <JobModelFit fit={job.statistics.model} />}
          {job.statistics?.packing && <JobPackingCard packing={job.statistics.packing} />}
          <JobSecretsCard job={job} />
          <JobConfiguration job={job} />
        </div>
        <div className={jobPageStyles.overviewColumn}>
          <ProcessingTimeCard job={job} />
          <JobTimeline job={job} />
        </div>
      </div>
    </div>
  );
}
