import type { JobResponse } from '@repobundle/contract';

// How the job page names the values of a job.

export const STRATEGY_LABELS: Record<JobResponse['chunking_strategy'], string> = {
  fixed: 'Fixed size',
  file_based: 'File based',
  semantic: 'Semantic',
  auto: 'Auto',
};

export const CREDIT_TYPE_LABELS: Record<JobResponse['credit_type'], string> = {
  monthly: 'Monthly credits',
  purchased: 'Purchased credits',
  hybrid: 'Hybrid (monthly first)',
};

export const STAGE_LABELS: Record<JobResponse['progress']['stage'], string> = {
  queued: 'Queued, waiting for a worker',
  reading: 'Reading the archive',
  selecting: 'Selecting files',
  processing: 'Processing files',
  chunking: 'Chunking',
  writing: 'Writing output files',
  done: 'Done',
};

/** The stages a running job walks through, in order, for the progress steps. */
export const STAGE_STEPS = ['reading', 'selecting', 'processing', 'chunking', 'writing'] as const;

export function isRunning(job: Pick<JobResponse, 'status'>): boolean {
  return job.status === 'pending' || job.status === 'processing';
}
