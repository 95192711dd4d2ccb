import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../../errors.js';

/** Stripe's own libraries default to five minutes: older deliveries may be replays. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const refuse = (detail: string) => badRequest('INVALID_SIGNATURE', detail);

/** `t=<unix seconds>,v1=<hex>[,v1=<hex>...]`; other schemes (v0) are Stripe's test leftovers. */
function parseHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * Checks a webhook the way Stripe documents it: HMAC-SHA256 with the endpoint's signing secret
 * over `<t>.<raw body>`, compared in constant time with each v1 signature (there are several
 * while a secret is being rolled), then the timestamp's age. Throws a 400 INVALID_SIGNATURE.
 */
export function verifyStripeSignature(
  header: string | string[] | undefined,
  rawBody: Buffer,
  secret: string,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): void {
  if (typeof header !== 'string' || header.trim() === '') {
    throw refuse('The Stripe-Signature header is missing: only Stripe may call this webhook.');
  }
  const parsed = parseHeader(header);
  if (!parsed) {
    throw refuse(
      'The Stripe-Signature header is malformed: it needs t=<timestamp> and v1=<signature>.',
    );
  }
  const expected = createHmac('sha256', secret)
    .update(`${parsed.timestamp}.`)
    .update(rawBody)
    .digest();
  const isSigned = parsed.signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!isSigned) {
    throw refuse(
      'The Stripe-Signature does not match this body and the webhook signing secret ' +
        '(check STRIPE_WEBHOOK_SECRET, and that nothing rewrote the body on its way).',
    );
  }
  const ageSeconds = Math.floor(now.getTime() / 1000) - parsed.timestamp;
  if (ageSeconds > toleranceSeconds) {
    throw refuse(
      `The Stripe-Signature timestamp is ${ageSeconds} seconds old, more than the ` +
        `${toleranceSeconds} allowed: the event may be a replay.`,
    );
  }
}
