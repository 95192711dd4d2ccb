import type { ErrorCode } from '@repobundle/contract';

/**
 * The one error type of the server: a stable code, an HTTP status and a message for a person.
 * The error handler turns it into `{detail, code}`; anything else becomes a logged 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extra: {
      errors?: string[];
      headers?: Record<string, string>;
      /** Extra machine-readable fields of the body (402: credits_needed, credits_available). */
      fields?: { credits_needed?: number; credits_available?: number };
    } = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, detail: string, errors?: string[]) =>
  new AppError(400, code, detail, errors ? { errors } : {});
export const unauthorized = (code: ErrorCode, detail: string) => new AppError(401, code, detail);
export const forbidden = (code: ErrorCode, detail: string) => new AppError(403, code, detail);
export const notFound = (detail: string) => new AppError(404, 'NOT_FOUND', detail);
export const conflict = (code: ErrorCode, detail: string) => new AppError(409, code, detail);
export const tooManyRequests = (code: ErrorCode, detail: string, retryAfterSeconds: number) =>
  new AppError(429, code, detail, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
