import type { ApiErrorBody, ErrorCode } from '@repobundle/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors.js';
import { RequestValidationError } from './validation.js';

/** Errors of known codes (Fastify's, and PostgreSQL's SQLSTATEs), each with its answer. */
const KNOWN_ERRORS: Record<string, { status: number; code: ErrorCode; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    detail: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    detail: 'The request body is empty: send a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    detail: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_ERROR',
    detail: 'The request body does not match its Content-Length.',
  },
  // A request still unanswered when its time limit passed (a stalled client, a stuck query).
  FST_ERR_HANDLER_TIMEOUT: {
    status: 503,
    code: 'REQUEST_TIMEOUT',
    detail: 'The request took too long and was stopped. Please try again.',
  },
  // PostgreSQL cancelled a statement past DATABASE_STATEMENT_TIMEOUT_SECONDS (SQLSTATE 57014) or
  // one that waited for a lock past DATABASE_LOCK_TIMEOUT_SECONDS (55P03): a busy database, not
  // a fault of the request, and worth a retry.
  '57014': {
    status: 503,
    code: 'REQUEST_TIMEOUT',
    detail: 'The database took too long to answer, so the request was stopped. Please try again.',
  },
  '55P03': {
    status: 503,
    code: 'REQUEST_TIMEOUT',
    detail: 'The database took too long to answer, so the request was stopped. Please try again.',
  },
  // These two come from the router, before any route (see answerRouterError).
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 404,
    code: 'NOT_FOUND',
    detail: 'Nothing exists at this address: a part of it is longer than any id.',
  },
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'VALIDATION_ERROR',
    detail: 'The address is not valid: it holds a broken percent-encoding.',
  },
};

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a path parameter over its length cap, a
 * broken percent-encoding) answered in the API's `{detail, code}` shape instead of Fastify's.
 */
export function answerRouterError(error: FastifyError, reply: FastifyReply): void {
  const known = KNOWN_ERRORS[error.code] ?? {
    status: 400,
    code: 'VALIDATION_ERROR' as const,
    detail: 'The address is not valid.',
  };
  void reply.status(known.status).send({ detail: known.detail, code: known.code });
}

/**
 * The one place where errors become HTTP answers `{detail, code}` with the
 * status of the error's kind. Anything unexpected is logged and answered as a bare 500.
 */
export function useErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    let status: number;
    let body: ApiErrorBody;
    if (error instanceof AppError) {
      status = error.status;
      body = { detail: error.detail, code: error.code };
      if (error.extra.errors) body.errors = error.extra.errors;
      if (error.extra.fields) Object.assign(body, error.extra.fields);
      if (error.extra.headers) void reply.headers(error.extra.headers);
    } else if (error instanceof RequestValidationError) {
      status = 400;
      body = { detail: error.message, code: 'VALIDATION_ERROR' };
    } else if ('code' in error && typeof error.code === 'string' && KNOWN_ERRORS[error.code]) {
      const known = KNOWN_ERRORS[error.code]!;
      status = known.status;
      body = { detail: known.detail, code: known.code };
    } else if (
      'statusCode' in error &&
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      status = error.statusCode;
      body = { detail: error.message, code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR' };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = {
        detail: 'Something went wrong on our side. Please try again.',
        code: 'INTERNAL_ERROR',
      };
    }
    if (status < 500) request.log.info({ code: body.code, status }, 'request refused');
    return reply.status(status).send(body);
  });
}
