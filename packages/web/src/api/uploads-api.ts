import type { AssembleRequest, ChunkResponse, JobCreatedResponse } from '@repobundle/contract';
import { UploadCancelledError, UploadHttpError } from '../lib/upload/upload-errors.js';
import type { UploadTransport } from '../lib/upload/upload-transport.js';
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

/** POST /api/jobs/github/preview: built with the repository issue; 404 until then. */
export function previewRepository(githubUrl: string, branch: string): Promise<unknown> {
  const form = new FormData();
  form.append('github_url', githubUrl);
  form.append('branch', branch);
  form.append('include_content', 'true');
  return call<unknown>({ method: 'POST', path: '/api/jobs/github/preview', body: form });
}
