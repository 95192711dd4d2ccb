import type {
  AssembleRequest,
  ChunkResponse,
  JobCreatedResponse,
  JobCreationFields,
} from '@repobundle/contract';
import { UploadCancelledError, UploadHttpError } from './upload-errors.js';
import type { UploadTransport } from './upload-transport.js';
import { api, tokens } from './client.js';

// The upload calls (notes/api-jobs.md). XMLHttpRequest rather than fetch: it reports upload
// progress and hands over Retry-After, which the retry rules need. The session rule is the
// shared client's: one refresh on TOKEN_EXPIRED, then one retry.

interface XhrRequest {
  method: string;
  path: string;
  body?: XMLHttpRequestBodyInit;
  contentType?: string;
  onProgress?: (sentBytes: number) => void;
  signal?: AbortSignal;
}

interface XhrResult {
  status: number;
  text: string;
  retryAfter: string | null;
}

function send(request: XhrRequest, token: string | null): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    if (request.signal?.aborted) return reject(new UploadCancelledError());
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (request.contentType) xhr.setRequestHeader('Content-Type', request.contentType);
    if (request.onProgress) {
      const onProgress = request.onProgress;
      xhr.upload.onprogress = (event) => onProgress(event.loaded);
    }
    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => request.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve({
        status: xhr.status,
        text: xhr.responseText,
        retryAfter: xhr.getResponseHeader('Retry-After'),
      });
    };
    xhr.onerror = () => {
      done();
      reject(new UploadHttpError('Network error: the server could not be reached.', 0, null, null));
    };
    xhr.onabort = () => {
      done();
      reject(new UploadCancelledError());
    };
    xhr.send(request.body ?? null);
  });
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorOf(result: XhrResult): UploadHttpError {
  const body = parseJson(result.text);
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const detail =
    typeof record['detail'] === 'string' && record['detail']
      ? record['detail']
      : `HTTP error! status: ${result.status}`;
  const code = typeof record['code'] === 'string' ? record['code'] : null;
  const seconds = result.retryAfter === null ? NaN : Number(result.retryAfter);
  return new UploadHttpError(
    detail,
    result.status,
    code,
    Number.isFinite(seconds) ? seconds : null,
  );
}

async function call<T>(request: XhrRequest): Promise<T> {
  const token = tokens.getAccessToken();
  let result = await send(request, token);
  if (result.status === 401 && token && errorOf(result).code === 'TOKEN_EXPIRED') {
    const current = tokens.getAccessToken();
    const fresh = current && current !== token ? current : await api.refreshShared();
    result = await send(request, fresh);
  }
  if (result.status < 200 || result.status >= 300) throw errorOf(result);
  return parseJson(result.text) as T;
}

export const uploadsApi: UploadTransport = {
  uploadChunk(request, onProgress, signal) {
    const form = new FormData();
    // Fields first: the server streams the chunk straight to storage once it knows them.
    form.append('upload_id', request.uploadId);
    form.append('file_name', request.fileName);
    form.append('chunk_index', String(request.index));
    form.append('total_chunks', String(request.total));
    form.append('chunk', request.blob, `${request.fileName}.part${request.index}`);
    return call<ChunkResponse>({
      method: 'POST',
      path: '/api/jobs/chunk',
      body: form,
      onProgress,
      signal,
    });
  },
  uploadStream(request, onProgress, signal) {
    const query = new URLSearchParams({ upload_id: request.uploadId, file_name: request.fileName });
    return call<ChunkResponse>({
      method: 'POST',
      path: `/api/jobs/upload-stream?${query.toString()}`,
      body: request.file,
      contentType: 'application/zip',
      onProgress,
      signal,
    });
  },
  assemble(request: AssembleRequest, signal) {
    return call<JobCreatedResponse>({
      method: 'POST',
      path: '/api/jobs/assemble',
      body: JSON.stringify(request),
      contentType: 'application/json',
      signal,
    });
  },
  async deleteUpload(uploadId) {
    await call<unknown>({
      method: 'DELETE',
      path: `/api/jobs/upload/${encodeURIComponent(uploadId)}`,
    });
  },
};

/** What POST /api/jobs/github/download-zip answers: the repository's files as a base64 ZIP. */
export interface RepositoryZip {
  zip_content: string;
  size_bytes: number;
  metadata?: { repo_info?: { description?: string | null; language?: string | null } };
}

function repositoryForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** POST /api/jobs/github/download-zip: the repository at a branch, as the explorer reads a ZIP. */
export function downloadRepositoryZip(
  githubUrl: string,
  branch: string,
  signal?: AbortSignal,
): Promise<RepositoryZip> {
  return call<RepositoryZip>({
    method: 'POST',
    path: '/api/jobs/github/download-zip',
    body: repositoryForm({ github_url: githubUrl, branch }),
    signal,
  });
}

/**
 * POST /api/jobs/from-github: the job-creation fields as a form (lists and objects as JSON), the
 * server fetching the repository itself.
 */
export function createRepositoryJob(
  githubUrl: string,
  branch: string,
  fields: JobCreationFields,
  signal?: AbortSignal,
): Promise<JobCreatedResponse> {
  const values: Record<string, string> = { github_url: githubUrl, branch };
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    values[name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return call<JobCreatedResponse>({
    method: 'POST',
    path: '/api/jobs/from-github',
    body: repositoryForm(values),
    signal,
  });
}
