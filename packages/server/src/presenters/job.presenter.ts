import { JOB_FILE_NOTES, JOB_SECRET_ROWS } from '@repobundle/contract';
import type { SecretReport } from '@repobundle/engine';
import type {
  ChunkingStrategy,
  JobCreditType,
  JobError,
  JobPacking,
  JobResponse,
  JobSecrets,
  JobStage,
  JobStatus,
  ModelFitResponse,
  OutputFormat,
} from '@repobundle/contract';
import type { JobRow } from '../db/repositories/jobs.repository.js';
import type { StoredJobOptions } from '../services/job-options.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export interface StoredStatistics {
  files: number;
  skipped_files: number;
  lines: number;
  tokens: number;
  chunks: number;
  output_tokens: number;
  output_files: number;
  processing_ms: number;
  secrets?: JobSecrets;
  file_notes?: { path: string; note: string }[];
  file_notes_truncated?: boolean;
  model?: ModelFitResponse;
  packing?: JobPacking;
}

/** The engine's secret report as the job keeps and returns it: counts, files, the hint. */
export function presentSecrets(report: SecretReport): JobSecrets {
  return {
    redacted: report.redacted,
    files: report.files,
    found: { ...report.found },
    low_confidence: { ...report.lowConfidence },
    by_file: report.entries.slice(0, JOB_SECRET_ROWS).map((entry) => ({ ...entry })),
    by_file_truncated: report.entries.length > JOB_SECRET_ROWS,
    private_key_files: [...report.privateKeyFiles],
    hint: report.hint,
  };
}

/** Every file note (a requested step that could not apply, and why), up to JOB_FILE_NOTES. */
export function presentFileNotes(
  files: readonly { path: string; notes: readonly string[] }[],
): Pick<StoredStatistics, 'file_notes' | 'file_notes_truncated'> {
  const notes = files.flatMap((file) => file.notes.map((note) => ({ path: file.path, note })));
  return {
    file_notes: notes.slice(0, JOB_FILE_NOTES),
    file_notes_truncated: notes.length > JOB_FILE_NOTES,
  };
}

export interface StoredOutput {
  path: string;
  size: number;
}

export function storedOptions(job: JobRow): StoredJobOptions {
  return job.options as StoredJobOptions;
}

export function storedOutputs(job: JobRow): StoredOutput[] {
  return (job.outputs as StoredOutput[] | null) ?? [];
}

/** GET /api/jobs/{id} and each row of GET /api/jobs, field by field. */
export function presentJob(job: JobRow): JobResponse {
  const options = storedOptions(job);
  const patterns = [
    ...options.include_patterns.map((p) => `include:${p}`),
    ...options.exclude_patterns.map((p) => `exclude:${p}`),
  ];
  const reserved = job.reserved_monthly + job.reserved_purchased;
  return {
    id: job.id,
    job_id: job.id,
    status: job.status as JobStatus,
    source_name: job.source_name,
    error: job.error,
    errors: job.errors as JobError[],
    created_at: job.created_at.toISOString(),
    started_at: iso(job.started_at),
    finished_at: iso(job.finished_at),
    scheduled_deletion: iso(job.scheduled_deletion),
    total_files: job.total_files,
    file_count: job.status === 'succeeded' ? job.file_count : job.total_files,
    line_count: job.line_count,
    output_format: options.output_format as OutputFormat,
    remove_comments: options.remove_comments,
    compress: options.compress ?? false,
    remove_blank_lines: options.remove_blank_lines,
    show_line_numbers: options.show_line_numbers,
    chunking_strategy: options.chunking_strategy as ChunkingStrategy,
    token_limit: options.token_limit,
    chunk_overlap: options.chunk_overlap,
    respect_gitignore: options.respect_gitignore,
    gitignore_content: null,
    custom_patterns: patterns,
    redact_secrets: options.redact_secrets,
    notebook_processing: options.notebook_processing,
    header_text: options.header_text ?? null,
    instruction_text: options.instruction_text ?? null,
    sort_by_changes: options.sort_by_changes === true,
    target_model: options.target_model ?? null,
    token_budget: options.token_budget ?? null,
    fit_to_model: options.fit_to_model === true,
    reserve_tokens: options.reserve_tokens ?? null,
    keep_patterns: options.keep_patterns ?? [],
    focus: options.focus ?? null,
    credit_type: job.credit_type as JobCreditType,
    reserved_credits: reserved,
    actual_credits: job.actual_credits,
    progress: { stage: job.progress_stage as JobStage, percent: job.progress_percent },
    statistics: (job.statistics as StoredStatistics | null) ?? null,
  };
}
