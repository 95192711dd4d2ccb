// Errors of the upload calls. The transport (api/uploads-api.ts) throws UploadHttpError with
// what the retry rules need: the status, the server's code and its Retry-After.

export class UploadHttpError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** Seconds from the Retry-After header, when the server sent one. */
  readonly retryAfter: number | null;

  constructor(message: string, status: number, code: string | null, retryAfter: number | null) {
    super(message);
    this.name = 'UploadHttpError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

/** The person pressed Cancel: not an error to show. */
export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

export function isCancelled(error: unknown, signal?: AbortSignal): boolean {
  return error instanceof UploadCancelledError || signal?.aborted === true;
}

/** Failures worth another try: the network, rate limits, timeouts and server errors. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof UploadHttpError)) return true;
  if (error.code === 'TOKEN_EXPIRED') return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Waits, or rejects with UploadCancelledError as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadCancelledError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new UploadCancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
