import type { JobResponse } from '@repobundle/contract';
import { formatNumber } from '../../../lib/format.js';
import { StatCard } from '../../dashboard/stat-card.js';

/** The four stat cards above the output browser. */
export function OutputStats({ job }: { job: JobResponse }) {
  return (
    <div className="grid grid-4 compact-stats">
      <StatCard icon="coins" label="Credits Reserved" value={formatNumber(job.reserved_credits)} />
      <StatCard
        icon="zap"
        label="Credits Used"
        value={job.actual_credits === null ? 'N/A' : formatNumber(job.actual_credits)}
        hint={
          job.actual_credits !== null && job.actual_credits < job.reserved_credits
            ? `${formatNumber(job.reserved_credits - job.actual_credits)} returned to you`
            : undefined
        }
      />
      <StatCard
        icon="files"
        label="Files Processed"
        value={formatNumber(job.statistics?.files ?? job.file_count)}
        hint={
          job.statistics && job.statistics.skipped_files > 0
            ? `${formatNumber(job.statistics.skipped_files)} skipped`
            : undefined
        }
      />
      <StatCard icon="code" label="Output Format" value={`.${job.output_format}`} />
    </div>
  );
}
