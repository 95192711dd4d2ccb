import { useJobAnalytics, useJobFiles } from '../../../api/job-queries.js';
import type { JobResponse } from '@repobundle/contract';
import { EmptyState, Skeleton } from '../../../components/ui/feedback.js';
import { ChunkingAnalyticsView } from './chunking-analytics.js';
import { FileNotes, ProcessingErrors, SkippedFiles } from './processing-errors.js';
import jobPageStyles from '../job-page.module.css';

export function AnalyticsTab({ job }: { job: JobResponse }) {
  const succeeded = job.status === 'succeeded';
  const analytics = useJobAnalytics(job.id, succeeded);
  const files = useJobFiles(job.id, succeeded);
  return (
    <div className={`stack ${jobPageStyles.jobStack}`}>
      <ProcessingErrors job={job} />
      <FileNotes job={job} />
      <SkippedFiles job={job} />
      <section className="card" aria-labelledby="chunking-analytics-title">
        <div className="card-header">
          <h2 id="chunking-analytics-title" className="card-title">
            Chunking Analytics
          </h2>
        </div>
        {!succeeded ? (
          <EmptyState icon="chart" title="No analytics yet">
            {job.status === 'failed'
              ? 'This job failed before its chunks were made, so there is nothing to analyse.'
              : 'Chunking analytics appear here once the job has finished successfully.'}
          </EmptyState>
        ) : analytics.isPending ? (
          <div className="card-body stack" aria-label="Loading analytics" role="status">
            <Skeleton height={64} />
            <Skeleton height={90} />
            <Skeleton height={200} />
          </div>
        ) : analytics.isError ? (
          <EmptyState icon="alert" title="Analytics unavailable">
            Unable to load analytics: {analytics.error.message}
          </EmptyState>
        ) : !analytics.data || typeof analytics.data.total_chunks !== 'number' ? (
          <EmptyState icon="chart" title="Analytics unavailable">
            Unable to generate analytics for this job.
          </EmptyState>
        ) : (
          <div className="card-body">
            <ChunkingAnalyticsView analytics={analytics.data} files={files.data} />
          </div>
        )}
      </section>
    </div>
  );
}
