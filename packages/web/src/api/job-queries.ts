import { useQuery } from '@tanstack/react-query';
import { isApiError } from './api-error.js';
import { jobsApi } from './jobs-api.js';
import type { JobStatus } from '@repobundle/contract';

// Query hooks of the job page.

/** The job is polled every 3 s until it succeeds or fails. */
export const JOB_POLL_MS = 3_000;

export function isSettled(status: JobStatus | undefined): boolean {
  return status === 'succeeded' || status === 'failed';
}

export const jobKeys = {
  job: (id: string) => ['job', id] as const,
  files: (id: string) => ['job', id, 'files'] as const,
  file: (id: string, path: string) => ['job', id, 'file', path] as const,
  analytics: (id: string) => ['job', id, 'analytics'] as const,
};

/** A 4xx (not found, not yours) will not change on a retry; a 5xx or a network error may. */
const retryServerErrors = (failures: number, error: Error) =>
  failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500);

/** The job, polled every 3 s; polling stops on succeeded, failed, or an error. */
export function useJob(id: string) {
  return useQuery({
    queryKey: jobKeys.job(id),
    queryFn: () => jobsApi.job(id),
    retry: retryServerErrors,
    refetchInterval: (query) =>
      query.state.status === 'error' || isSettled(query.state.data?.status) ? false : JOB_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** Output files never change once the job succeeded: read once per visit. */
export function useJobFiles(id: string, enabled: boolean) {
  return useQuery({
    queryKey: jobKeys.files(id),
    queryFn: () => jobsApi.files(id),
    enabled,
    staleTime: Infinity,
    retry: retryServerErrors,
  });
}

export const fileContentQuery = (id: string, path: string) => ({
  queryKey: jobKeys.file(id, path),
  queryFn: () => jobsApi.fileContent(id, path),
  staleTime: Infinity,
  // Contents can be megabytes: keep only recently viewed ones around.
  gcTime: 60_000,
  retry: retryServerErrors,
});

export function useFileContent(id: string, path: string | null) {
  return useQuery({ ...fileContentQuery(id, path ?? ''), enabled: path !== null });
}

/** Analytics are loaded only for a succeeded job. */
export function useJobAnalytics(id: string, enabled: boolean) {
  return useQuery({
    queryKey: jobKeys.analytics(id),
    queryFn: () => jobsApi.analytics(id),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
