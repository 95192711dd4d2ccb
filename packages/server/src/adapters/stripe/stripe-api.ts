import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';

/** Stripe answers in well under a second; past this the customer is better told to retry. */
const TIMEOUT_MS = 15_000;

export type StripeParam =
  string | number | boolean | null | undefined | StripeParams | StripeParam[];
export interface StripeParams {
  [key: string]: StripeParam;
}

/**
 * Stripe's request encoding: application/x-www-form-urlencoded with nested objects and lists
 * in bracket notation (`line_items[0][price_data][currency]=usd`). Brackets stay readable, as
 * Stripe's own libraries send them; null and undefined fields are left out.
 */
function encodeStripeForm(params: StripeParams): string {
  const pairs: string[] = [];
  const add = (key: string, value: StripeParam): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => add(`${key}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [name, inner] of Object.entries(value)) add(`${key}[${name}]`, inner);
    } else {
      const name = encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
      pairs.push(`${name}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}

function unavailable(detail: string): AppError {
  return new AppError(
    502,
    'PAYMENTS_UNAVAILABLE',
    `${detail} Please try again in a few minutes, or contact support if it keeps failing.`,
  );
}

/** Stripe's error body: `{error: {message, type, code?}}`. */
const stripeErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.string().optional(),
  }),
});

export interface StripeApi {
  /**
   * POSTs to `/v1/<path>` and answers the parsed body. Every failure (network, timeout, a Stripe
   * error, an answer not of the expected shape) becomes a 502 PAYMENTS_UNAVAILABLE: Stripe's own
   * message goes to the log, since it speaks to the operator (a wrong key), not the customer.
   */
  post<S extends z.ZodType>(
    path: string,
    params: StripeParams,
    schema: S,
    idempotencyKey: string,
  ): Promise<z.output<S>>;
}

export function createStripeApi(options: {
  apiUrl: string;
  secretKey: string;
  logger: FastifyBaseLogger;
}): StripeApi {
  const { apiUrl, secretKey, logger } = options;
  return {
    async post(path, params, schema, idempotencyKey) {
      const url = `${apiUrl}/v1/${path}`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${secretKey}`,
            'content-type': 'application/x-www-form-urlencoded',
            // A retried request (ours or the network's) gets the same object back, never two.
            'idempotency-key': idempotencyKey,
          },
          body: encodeStripeForm(params),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        logger.error({ err: error, url }, 'Stripe request failed');
        throw unavailable(
          timedOut
            ? 'The payment provider (Stripe) did not answer in time.'
            : 'The payment provider (Stripe) could not be reached.',
        );
      }
      const text = await response.text().catch(() => '');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const requestId = response.headers.get('request-id');
      if (!response.ok) {
        const { message, type, code } = stripeErrorSchema.safeParse(body).data?.error ?? {};
        logger.error(
          { url, status: response.status, type, code, stripeMessage: message, requestId },
          'Stripe refused a request',
        );
        throw unavailable('The payment provider (Stripe) refused to start this payment.');
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        logger.error({ url, status: response.status, requestId }, 'Stripe answer not understood');
        throw unavailable('The payment provider (Stripe) sent an answer we could not read.');
      }
      return parsed.data;
    },
  };
}
