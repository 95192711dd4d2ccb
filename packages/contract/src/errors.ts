import { z } from 'zod';

/**
 * Every error body of the API: `detail` is for a person, `code` for a program.
 * `errors` lists the individual password rule messages when a password is refused.
 */
export const apiErrorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.string()).optional(),
  /** 402 INSUFFICIENT_CREDITS: what the job needs and what the chosen credits hold. */
  credits_needed: z.number().int().optional(),
  credits_available: z.number().int().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Stable machine codes; the web client maps them back to messages. */
export const errorCodes = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'WEAK_PASSWORD',
  'NOT_AUTHENTICATED',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'INVALID_REFRESH_TOKEN',
  'REFRESH_TOKEN_REUSED',
  'EMAIL_NOT_VERIFIED',
  'ALREADY_VERIFIED',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'TOO_MANY_ATTEMPTS',
  'RESEND_TOO_SOON',
  'INVALID_RESET_TOKEN',
  'INVALID_PASSWORD',
  'SAME_PASSWORD',
  'SAME_EMAIL',
  'OAUTH_ONLY_ACCOUNT',
  'EMAIL_EXISTS',
  'WAITLIST_REQUIRED',
  'GOOGLE_NOT_CONFIGURED',
  'INVALID_GOOGLE_TOKEN',
  'FORBIDDEN',
  'NOT_FOUND',
  'INSUFFICIENT_CREDITS',
  'UPGRADE_REQUIRED',
  'LINE_LIMIT_EXCEEDED',
  'UPLOAD_INCOMPLETE',
  'UPLOAD_ASSEMBLING',
  'TOO_MANY_UPLOADS',
  'INVALID_ARCHIVE',
  'JOB_NOT_READY',
  'CONFIRMATION_MISMATCH',
  'ALREADY_SUBSCRIBED',
  'CHECKOUT_CLOSED',
  'PAYMENTS_UNAVAILABLE',
  'INVALID_SIGNATURE',
  'PAYLOAD_TOO_LARGE',
  'GITHUB_NOT_CONFIGURED',
  'GITHUB_NOT_CONNECTED',
  'INVALID_OAUTH_STATE',
  'GITHUB_AUTH_FAILED',
  'GITHUB_UNAVAILABLE',
  'INVALID_REPOSITORY_URL',
  'REPOSITORY_NOT_FOUND',
  'REPOSITORY_UNAVAILABLE',
  'REPOSITORY_TOO_LARGE',
  'BINARY_FILE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_API_KEY',
  'API_KEY_NOT_ALLOWED',
  'INSUFFICIENT_SCOPE',
  'TOO_MANY_API_KEYS',
  'RATE_LIMITED',
  'MAINTENANCE',
  'METHOD_NOT_ALLOWED',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
