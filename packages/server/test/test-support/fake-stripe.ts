import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';

/** One request as the fake Stripe received it: the form fields decoded, the raw body kept. */
export interface StripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  form: URLSearchParams;
}

export interface StripeErrorAnswer {
  status: number;
  type: string;
  message: string;
}

export interface FakeStripe {
  /** The base to put in STRIPE_API_URL. */
  url: string;
  requests: StripeRequest[];
  /** Every object created so far, by Stripe id, as Stripe answered it. */
  objects: Map<string, Record<string, unknown>>;
  /** Answer every following request with this Stripe error (null: behave again). */
  failWith(error: StripeErrorAnswer | null): void;
  close(): Promise<void>;
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[([^\]]+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

function checkoutSession(form: URLSearchParams): Record<string, unknown> {
  const id = randomId('cs_test');
  const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]'));
  const quantity = Number(form.get('line_items[0][quantity]'));
  return {
    id,
    object: 'checkout.session',
    mode: form.get('mode'),
    status: 'open',
    payment_status: 'unpaid',
    amount_total: unitAmount * quantity,
    currency: form.get('line_items[0][price_data][currency]'),
    client_reference_id: form.get('client_reference_id'),
    customer_email: form.get('customer_email'),
    metadata: metadataOf(form),
    success_url: form.get('success_url'),
    cancel_url: form.get('cancel_url'),
    url: `https://checkout.stripe.com/c/pay/${id}`,
    livemode: false,
  };
}

function paymentIntent(form: URLSearchParams): Record<string, unknown> {
  const id = randomId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: Number(form.get('amount')),
    currency: form.get('currency'),
    description: form.get('description'),
    receipt_email: form.get('receipt_email'),
    metadata: metadataOf(form),
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    livemode: false,
  };
}

const CREATORS: Record<string, (form: URLSearchParams) => Record<string, unknown>> = {
  '/v1/checkout/sessions': checkoutSession,
  '/v1/payment_intents': paymentIntent,
};

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req') });
  res.end(JSON.stringify(body));
}

/**
 * A loopback stand-in for api.stripe.com speaking its wire format: form-encoded POSTs with a
 * Bearer secret key in, JSON objects or `{error: {message, type}}` out.
 */
export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const objects = new Map<string, Record<string, unknown>>();
  let failure: StripeErrorAnswer | null = null;

  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const rawBody = Buffer.concat(parts).toString('utf8');
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests.push({
        method: req.method ?? '',
        path,
        headers: req.headers,
        rawBody,
        form: new URLSearchParams(rawBody),
      });
      if (failure) {
        const { status, type, message } = failure;
        return answer(res, status, { error: { type, message } });
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return answer(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_***' },
        });
      }
      const create = req.method === 'POST' ? CREATORS[path] : undefined;
      if (!create) {
        return answer(res, 404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path}).` },
        });
      }
      const object = create(new URLSearchParams(rawBody));
      objects.set(object.id as string, object);
      return answer(res, 200, object);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    objects,
    failWith(error) {
      failure = error;
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}

/** An event as Stripe posts it to a webhook endpoint. */
export function stripeEvent(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({
    id: randomId('evt'),
    object: 'event',
    api_version: '2024-06-20',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
}

/**
 * The Stripe-Signature header for a payload, computed as Stripe documents it (written out here
 * on its own, so a mistake in the server's verifier cannot hide behind a shared helper).
 */
export function signStripePayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
