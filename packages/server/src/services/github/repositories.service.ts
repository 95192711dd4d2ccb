import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MAX_PREVIEW_FILES,
  MAX_REPOSITORY_FILE_BYTES,
  MAX_REPOSITORY_ZIP_BYTES,
  type JobCreatedResponse,
  type RepositoryInfo,
  type RepositoryPreviewResponse,
  type RepositoryFileContentResponse,
  type RepositoryTarget,
  type RepositoryZipResponse,
  type fromGithubRequestSchema,
} from '@repobundle/contract';
import { readChangeCounts } from '@repobundle/engine';
import type { z } from 'zod';
import type { UserRow } from '../../db/repositories/users.repository.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { ServiceContext } from '../context.js';
import { resolveJobOptions } from '../job-options.js';
import {
  changeCountsKey,
  createJobFromArchive,
  planOf,
  queueCreatedJob,
  requireSelection,
  sourceKey,
} from '../jobs.service.js';
import { repositoryToken } from './github-connection.service.js';
import { fetchRepositoryFacts } from '../../adapters/github/github-oauth-client.js';
import { writeArchive } from './repository-archive.js';
import {
  fetchError,
  withCheckout,
  type Checkout,
  type CheckoutMode,
} from './repository-checkout.js';
import { findEntry, isRegularFile, listTree, type TreeEntry } from './repository-tree.js';
import { filePathProblem, parseRepositoryUrl } from './repository-url.js';

const MB = 1024 * 1024;

export interface RepositoryRequest {
  github_url: string;
  branch?: string | undefined;
}

/** The checks every repository call makes first: plan, connection, URL and ref. */
function prepare(ctx: ServiceContext, user: UserRow, request: RepositoryRequest) {
  const token = repositoryToken(ctx, user);
  const target = parseRepositoryUrl(request.github_url, request.branch);
  return { token, target };
}

type Facts = Awaited<ReturnType<typeof fetchRepositoryFacts>>;

/** Description and language come from the API, asked while git works (best effort). */
function factsOf(ctx: ServiceContext, target: RepositoryTarget, token: string): Promise<Facts> {
  const apiUrl = ctx.config.github.apiUrl.replace(/\/+$/, '');
  return fetchRepositoryFacts(apiUrl, target.owner, target.repo, token);
}

function checkout<T>(
  ctx: ServiceContext,
  target: RepositoryTarget,
  token: string,
  mode: CheckoutMode,
  use: (checkout: Checkout) => Promise<T>,
): Promise<T> {
  return withCheckout(
    { dataDir: ctx.config.dataDir, cloneUrlTemplate: ctx.config.gitCloneUrl, logger: ctx.logger },
    target,
    token,
    mode,
    use,
  );
}

/** The commit's files checked out, while the API is asked for the repository's facts. */
function withFilesAndFacts<T>(
  ctx: ServiceContext,
  user: UserRow,
  request: RepositoryRequest,
  use: (from: Checkout, target: RepositoryTarget, facts: Promise<Facts>) => Promise<T>,
): Promise<T> {
  const { token, target } = prepare(ctx, user, request);
  const facts = factsOf(ctx, target, token);
  return checkout(ctx, target, token, 'files', (from) => use(from, target, facts));
}

function repositoryInfo(
  target: RepositoryTarget,
  from: Checkout,
  files: readonly TreeEntry[],
  facts: Facts,
): RepositoryInfo {
  return {
    url: target.url,
    owner: target.owner,
    repo: target.repo,
    branch: from.branch,
    commit: from.commit,
    description: facts.description,
    language: facts.language,
    totalFiles: files.length,
    totalSize: files.reduce((sum, file) => sum + (file.size ?? 0), 0),
    truncated: files.length > MAX_PREVIEW_FILES,
  };
}

/** POST /api/jobs/github/preview: the commit's files with sizes; content comes on demand. */
export async function previewRepository(
  ctx: ServiceContext,
  user: UserRow,
  request: RepositoryRequest,
): Promise<RepositoryPreviewResponse> {
  return withFilesAndFacts(ctx, user, request, async (from, target, facts) => {
    const files = (await listTree(from)).filter(isRegularFile);
    const info = repositoryInfo(target, from, files, await facts);
    return {
      total_files: files.length,
      truncated: info.truncated,
      files: files.slice(0, MAX_PREVIEW_FILES).map((file) => ({
        path: file.path,
        size: file.size ?? 0,
        type: 'file' as const,
        contentAvailable: (file.size ?? 0) <= MAX_REPOSITORY_FILE_BYTES,
        githubUrl: target.url,
        branch: from.branch,
      })),
      repo_info: info,
    };
  });
}

const sizeInMb = (bytes: number) => (bytes / MB).toFixed(1);

/** The commit as a ZIP beside the checkout (removed with it), and the files it holds. */
async function archiveOf(from: Checkout) {
  const entries = await listTree(from);
  const file = join(from.dir, '..', 'repository.zip');
  await writeArchive(from, entries, file);
  const { size } = await stat(file);
  return { file, size, files: entries.filter(isRegularFile) };
}

/** POST /api/jobs/github/download-zip: `git archive` of the commit, base64. */
export async function downloadRepositoryZip(
  ctx: ServiceContext,
  user: UserRow,
  request: RepositoryRequest,
): Promise<RepositoryZipResponse> {
  return withFilesAndFacts(ctx, user, request, async (from, target, facts) => {
    const archive = await archiveOf(from);
    if (archive.size > MAX_REPOSITORY_ZIP_BYTES) {
      throw new AppError(
        413,
        'REPOSITORY_TOO_LARGE',
        `Repository is too large (${sizeInMb(archive.size)}MB) for browser processing. Maximum size is 200MB. Please use a smaller repository or upload a ZIP file directly.`,
      );
    }
    const bytes = await readFile(archive.file);
    return {
      zip_content: bytes.toString('base64'),
      size_bytes: archive.size,
      metadata: { repo_info: repositoryInfo(target, from, archive.files, await facts) },
    };
  });
}

/** POST /api/jobs/github/file-content: one file of the commit, fetched alone. */
export async function repositoryFileContent(
  ctx: ServiceContext,
  user: UserRow,
  request: RepositoryRequest & { file_path: string },
): Promise<RepositoryFileContentResponse> {
  const { token, target } = prepare(ctx, user, request);
  const path = request.file_path;
  const problem = filePathProblem(path);
  if (problem) throw badRequest('VALIDATION_ERROR', `file_path ${problem}.`);
  return checkout(ctx, target, token, 'tree', async (from) => {
    const entry = await findEntry(from, path);
    if (!entry)
      throw notFound(`${path} is not in ${target.owner}/${target.repo} at ${from.branch}.`);
    if (entry.type === 'tree') throw badRequest('VALIDATION_ERROR', `${path} is a folder.`);
    if (!isRegularFile(entry)) {
      throw badRequest('VALIDATION_ERROR', `${path} is a link or a submodule, not a file.`);
    }
    // In a partial clone the blob is fetched now, by itself.
    const read = (args: string[]) =>
      from.git(args, MAX_REPOSITORY_FILE_BYTES + 1).catch((error: unknown) => {
        throw fetchError(error, target);
      });
    const size = Number((await read(['cat-file', '-s', entry.oid])).toString('utf8').trim());
    if (size > MAX_REPOSITORY_FILE_BYTES) {
      throw new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        `${path} is ${sizeInMb(size)} MB; files over ${MAX_REPOSITORY_FILE_BYTES / MB} MB are not shown.`,
      );
    }
    const bytes = await read(['cat-file', 'blob', entry.oid]);
    if (bytes.subarray(0, 8000).includes(0)) {
      throw new AppError(422, 'BINARY_FILE', `${path} is a binary file and cannot be shown.`);
    }
    return { path, content: bytes.toString('utf8'), size_bytes: bytes.length };
  });
}

export type FromGithubInput = z.output<typeof fromGithubRequestSchema>;

/** Bytes of `git log --name-only` over the ranked history: far past 1,000 commits of any size. */
const MAX_HISTORY_LOG_BYTES = 256 * MB;

/**
 * How often each selected file changed in the commits before the checkout's commit (the
 * engine's ranking for sort by changes); files never changed are left out (they count 0).
 */
async function selectedChangeCounts(
  from: Checkout,
  selected: readonly string[],
): Promise<Record<string, number>> {
  const counts = await readChangeCounts((args) => from.git(args, MAX_HISTORY_LOG_BYTES), from.rev);
  const wanted = new Set(selected);
  return Object.fromEntries([...counts].filter(([path]) => wanted.has(path)));
}

/**
 * POST /api/jobs/from-github: the same job creation as assemble, with `git archive` of the
 * commit as the archive. The plan's upload limit applies to that archive as to an upload. With
 * sort_by_changes the checkout also reads the commits before it, and the change count of each
 * selected file is stored beside the archive for the worker to order files by.
 * `everyFile` selects every file of the commit (the hosted MCP tool, whose caller has not seen
 * the tree); eligibility, .gitignore and patterns then decide as for any selection.
 */
export async function createJobFromGithub(
  ctx: ServiceContext,
  user: UserRow,
  input: FromGithubInput,
  { everyFile = false }: { everyFile?: boolean } = {},
): Promise<JobCreatedResponse> {
  const { token, target } = prepare(ctx, user, input);
  if (!everyFile) requireSelection(input.selected);
  const plan = await planOf(ctx, user);
  const options = resolveJobOptions(input, plan);
  const mode: CheckoutMode = options.sort_by_changes ? 'history' : 'files';
  const created = await checkout(ctx, target, token, mode, async (from) => {
    const { file, size, files } = await archiveOf(from);
    if (size > plan.uploadLimitMb * MB) {
      throw new AppError(
        413,
        'REPOSITORY_TOO_LARGE',
        `The repository's archive is ${sizeInMb(size)} MB; the ${plan.name} plan allows ${plan.uploadLimitMb} MB.`,
      );
    }
    const selection = everyFile ? { ...input, selected: files.map((entry) => entry.path) } : input;
    const changeCounts = options.sort_by_changes
      ? await selectedChangeCounts(from, selection.selected).catch((error: unknown) => {
          throw fetchError(error, target);
        })
      : undefined;
    return createJobFromArchive(ctx, user, plan, selection, options, {
      kind: 'github',
      name: `${target.owner}/${target.repo}@${from.branch}`,
      store: async (jobId) => {
        await ctx.storage.put(sourceKey(jobId), createReadStream(file));
        if (changeCounts) {
          await ctx.storage.put(changeCountsKey(jobId), Buffer.from(JSON.stringify(changeCounts)), {
            contentType: 'application/json',
          });
        }
      },
    });
  });
  return queueCreatedJob(ctx, created);
}
