import type { JobCreatedResponse, JobCreationFields } from '@repobundle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadTransport } from './upload-transport.js';
import { createRepositoryJob, downloadRepositoryZip, uploadsApi } from './uploads-api.js';

// Mutation hooks of the upload page. A new job makes the jobs list stale; it refetches when next
// shown, without holding up the redirect to the job.

/** A repository at a branch as a base64 ZIP, for the explorer to read (nothing is stored). */
export function useDownloadRepositoryZip() {
  return useMutation({
    mutationFn: ({ githubUrl, branch }: { githubUrl: string; branch: string }) =>
      downloadRepositoryZip(githubUrl, branch),
  });
}

/**
 * A job from an archive: `upload` moves the file through the uploads API (in chunks or streamed)
 * and reports its own progress.
 */
export function useCreateArchiveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: (transport: UploadTransport) => Promise<JobCreatedResponse>) =>
      upload(uploadsApi),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}

/** A job from a repository: the server fetches it again itself. */
export function useCreateRepositoryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      githubUrl,
      branch,
      fields,
      signal,
    }: {
      githubUrl: string;
      branch: string;
      fields: JobCreationFields;
      signal: AbortSignal;
    }) => createRepositoryJob(githubUrl, branch, fields, signal),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
