import { z } from 'zod';
import { textField } from './fields.js';
import { jobCreationFieldsSchema } from './jobs.js';

// The GitHub connection and the repository calls.
// The repository calls are multipart forms: the server reads their text fields into these shapes.

/** Preview lists at most this many files. */
export const MAX_PREVIEW_FILES = 10_000;
/** A repository archive above this is refused. */
export const MAX_REPOSITORY_ZIP_BYTES = 200 * 1024 * 1024;
/** File content is served up to the per-file cap of the engine. */
export const MAX_REPOSITORY_FILE_BYTES = 5 * 1024 * 1024;
export const DEFAULT_REPOSITORY_BRANCH = 'main';

export const githubAuthorizeUrlResponseSchema = z.object({
  authorization_url: z.string(),
  state: z.string(),
});
export type GithubAuthorizeUrlResponse = z.infer<typeof githubAuthorizeUrlResponseSchema>;

export const githubConnectRequestSchema = z.strictObject({
  code: textField({ error: 'code is required: the code GitHub sent back.' })
    .trim()
    .min(1, 'code is required: the code GitHub sent back.')
    .max(512),
  state: textField({ error: 'state is required: the state GitHub sent back.' })
    .trim()
    .min(1, 'state is required: the state GitHub sent back.')
    .max(512),
});
export type GithubConnectRequest = z.input<typeof githubConnectRequestSchema>;

export const githubConnectResponseSchema = z.object({ github_username: z.string() });
export type GithubConnectResponse = z.infer<typeof githubConnectResponseSchema>;

export const githubDisconnectRequestSchema = z.strictObject({
  confirm: z.literal(true, { error: 'Send {"confirm": true} to disconnect GitHub.' }),
});
export type GithubDisconnectRequest = z.input<typeof githubDisconnectRequestSchema>;

export const githubDisconnectResponseSchema = z.object({ message: z.string() });
export type GithubDisconnectResponse = z.infer<typeof githubDisconnectResponseSchema>;

const githubUrl = textField({ error: 'github_url is required.' })
  .trim()
  .min(1, 'github_url is required.')
  .max(2048, 'Please enter a valid GitHub repository URL');
const branch = textField().trim().max(255, 'branch is at most 255 characters.').optional();
const formFlag = z
  .enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'must be true or false.' })
  .transform((value) => value === 'true' || value === '1' || value === 'on');

/** POST /api/jobs/github/preview and /download-zip. */
export const repositoryFormSchema = z.object({
  github_url: githubUrl,
  branch,
  include_content: formFlag.optional(),
});
export type RepositoryForm = z.input<typeof repositoryFormSchema>;

/** POST /api/jobs/github/file-content. */
export const repositoryFileFormSchema = z.object({
  github_url: githubUrl,
  branch,
  file_path: textField({ error: 'file_path is required.' })
    .min(1, 'file_path is required.')
    .max(4096, 'file_path is at most 4096 characters.'),
});
export type RepositoryFileForm = z.input<typeof repositoryFileFormSchema>;

/** POST /api/jobs/from-github: the job-creation fields plus the repository. */
export const fromGithubRequestSchema = jobCreationFieldsSchema.extend({
  github_url: githubUrl,
  branch,
});
export type FromGithubRequest = z.input<typeof fromGithubRequestSchema>;

export const repositoryInfoSchema = z.object({
  url: z.string(),
  owner: z.string(),
  repo: z.string(),
  branch: z.string(),
  /** The commit the answer was read from. */
  commit: z.string(),
  description: z.string().nullable(),
  language: z.string().nullable(),
  totalFiles: z.number().int(),
  totalSize: z.number().int(),
  truncated: z.boolean(),
});
export type RepositoryInfo = z.infer<typeof repositoryInfoSchema>;

/** One file of the preview; content comes from file-content on demand (contentAvailable). */
export const repositoryFileSchema = z.object({
  path: z.string(),
  size: z.number().int(),
  type: z.literal('file'),
  contentAvailable: z.boolean(),
  githubUrl: z.string(),
  branch: z.string(),
});
export type RepositoryFile = z.infer<typeof repositoryFileSchema>;

export const repositoryPreviewResponseSchema = z.object({
  total_files: z.number().int(),
  files: z.array(repositoryFileSchema),
  truncated: z.boolean(),
  repo_info: repositoryInfoSchema,
});
export type RepositoryPreviewResponse = z.infer<typeof repositoryPreviewResponseSchema>;

export const repositoryZipResponseSchema = z.object({
  zip_content: z.string(),
  size_bytes: z.number().int(),
  metadata: z.object({ repo_info: repositoryInfoSchema }),
});
export type RepositoryZipResponse = z.infer<typeof repositoryZipResponseSchema>;

export const repositoryFileContentResponseSchema = z.object({
  path: z.string(),
  content: z.string(),
  size_bytes: z.number().int(),
});
export type RepositoryFileContentResponse = z.infer<typeof repositoryFileContentResponseSchema>;
