/**
 * The engine's one error type. `code` is stable (the server maps it to HTTP status and the CLI to
 * an exit line); `entry` names the archive entry or file the error is about, when there is one.
 */
export type EngineErrorCode =
  | 'INVALID_OPTIONS'
  | 'INVALID_TOKEN_LIMIT'
  | 'BUDGET_TOO_SMALL'
  | 'INVALID_TEMPLATE'
  | 'TEMPLATE_FAILED'
  | 'SOURCE_NOT_FOUND'
  | 'SOURCE_UNREADABLE'
  | 'ZIP_INVALID'
  | 'ZIP_PATH_TRAVERSAL'
  | 'ZIP_ABSOLUTE_PATH'
  | 'ZIP_SYMLINK'
  | 'ZIP_TOO_MANY_ENTRIES'
  | 'ZIP_TOO_LARGE'
  | 'ZIP_BOMB'
  | 'ZIP_DUPLICATE_PATH'
  | 'ZIP_BAD_NAME'
  | 'ZIP_ENCRYPTED'
  | 'NO_FILES'
  | 'OUTPUT_UNWRITABLE'
  | 'CLIPBOARD_UNAVAILABLE'
  | 'CANCELLED'
  | 'GIT_UNAVAILABLE'
  | 'REMOTE_NOT_FOUND'
  | 'REMOTE_AUTH_REQUIRED'
  | 'REMOTE_REF_NOT_FOUND'
  | 'REMOTE_TIMEOUT'
  | 'REMOTE_FAILED';

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly entry: string | undefined;

  constructor(code: EngineErrorCode, message: string, entry?: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
    this.entry = entry;
  }
}

export function isEngineError(error: unknown): error is EngineError {
  return error instanceof EngineError;
}
