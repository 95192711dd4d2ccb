// The server answers errors as {detail, code}; the spec shows `detail` to the person, or
// "HTTP error! status: {code}" when the body has none.
export const AUTH_EXPIRED_MESSAGE = 'Authentication expired. Please log in again.';
export const NO_REFRESH_TOKEN_MESSAGE = 'No refresh token available';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly body: unknown;

  constructor(message: string, status: number, code: string | null, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function errorFromResponse(status: number, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const detail = record['detail'];
  const code = typeof record['code'] === 'string' ? record['code'] : null;
  const message =
    typeof detail === 'string' && detail.length > 0 ? detail : `HTTP error! status: ${status}`;
  return new ApiError(message, status, code, body);
}

/** The message to show for any thrown value, with a screen-specific fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
