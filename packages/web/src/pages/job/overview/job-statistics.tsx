import type { JobResponse } from '@repobundle/contract';
import { formatNumber } from '../../../lib/format.js';
import jobPageStyles from '../job-page.module.css';

function Metric({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className={jobPageStyles.metric}>
      <dt>{label}</dt>
      <dd>
        <span className={jobPageStyles.metricValue}>{value}</span>
        {hint && <span className={jobPageStyles.metricHint}>{hint}</span>}
      </dd>
    </div>
  );
}

/** Job Statistics: what was selected, what the engine made of it, what it cost. */
export function JobStatistics({ job }: { job: JobResponse }) {
  const stats = job.statistics;
  const pending = stats || job.status === 'failed' ? undefined : 'after processing';
  const credits =
    job.status === 'failed'
      ? {
          value: formatNumber(job.actual_credits ?? 0),
          hint: `${formatNumber(job.reserved_credits)} reserved, refunded`,
        }
      : job.actual_credits === null
        ? { value: formatNumber(job.reserved_credits), hint: 'reserved' }
        : {
            value: formatNumber(job.actual_credits),
            hint: `of ${formatNumber(job.reserved_credits)} reserved`,
          };
  const number = (value: number | undefined) => (value === undefined ? '—' : formatNumber(value));
  return (
    <section className="card" aria-labelledby="job-statistics-title">
      <div className="card-header">
        <h2 id="job-statistics-title" className="card-title">
          Job Statistics
        </h2>
      </div>
      <dl className={`${jobPageStyles.metrics} card-body`}>
        <Metric label="Files selected" value={formatNumber(job.total_files)} />
        <Metric
          label="Files processed"
          value={number(stats?.files)}
          hint={stats ? processedHint(job.total_files, stats.files) : pending}
        />
        <Metric label="Lines" value={formatNumber(stats?.lines ?? job.line_count)} />
        <Metric label="Input tokens" value={number(stats?.tokens)} hint={pending} />
        <Metric label="Chunks" value={number(stats?.chunks)} hint={pending} />
        <Metric label="Output tokens" value={number(stats?.output_tokens)} hint={pending} />
        <Metric label="Output files" value={number(stats?.output_files)} hint={pending} />
        <Metric label="Credits" value={credits.value} hint={credits.hint} />
      </dl>
    </section>
  );
}

/**
 * Set against the selection, so the figures add up: the archive-wide count of files the rules
 * left out is listed under Skipped files instead.
 */
export function processedHint(selected: number, processed: number): string {
  if (processed >= selected) return 'all selected files';
  return `${formatNumber(selected - processed)} of the selected not processed`;
}
