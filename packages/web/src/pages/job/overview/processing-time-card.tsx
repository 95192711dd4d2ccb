import type { JobResponse } from '@repobundle/contract';
import { durationBetween, formatDuration } from '../../../lib/format.js';
import { isRunning } from '../job-labels.js';
import { useNow } from '../use-now.js';
import jobPageStyles from '../job-page.module.css';

/**
 * Processing time: live and pulsing while the job runs (ticking each second from created_at),
 * the duration once it finished, "N/A" without a finish time.
 */
export function ProcessingTimeCard({ job }: { job: JobResponse }) {
  const running = isRunning(job);
  const now = useNow(running);
  const value = running
    ? formatDuration(Math.max(0, now - new Date(job.created_at).getTime()))
    : durationBetween(job.created_at, job.finished_at);
  return (
    <div className={`card card-body stat-card ${jobPageStyles.processingTime}`}>
      <div className="stat-top">
        <span className="stat-label">Processing Time</span>
        {running && (
          <span className={jobPageStyles.liveChip}>
            <span className={jobPageStyles.pulseDot} aria-hidden="true" />
            Live
          </span>
        )}
      </div>
      <div
        className={running ? `stat-value ${jobPageStyles.pulsing}` : 'stat-value'}
        aria-live="off"
      >
        {value}
      </div>
      <div className="faint stat-hint">
        {running
          ? 'Elapsed since the job was created'
          : job.statistics
            ? `Engine time ${formatDuration(job.statistics.processing_ms)}`
            : job.finished_at
              ? 'From creation to finish'
              : 'The job has no finish time'}
      </div>
    </div>
  );
}
