import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories, type Repositories } from '../../../db/repositories/index.js';
import {
  signStripePayload,
  startFakeStripe,
  stripeEvent,
  type FakeStripe,
} from '../../../../test/test-support/fake-stripe.js';
import { freePort } from '../../../../test/test-support/server-process.js';
import {
  createTestApp,
  get,
  post,
  signUp,
  type TestApp,
} from '../../../../test/test-support/test-app.js';
import {
  expectBalancesEqualLedger,
  ledgerOf,
  signUpWithId,
} from '../../../services/payments/test-support/payments-session.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../../test/test-support/test-database.js';

const SECRET_KEY = 'sk_test_fake_0123456789';
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
const STRIPE_URL = /^https:\/\/checkout\.stripe\.com\/c\/pay\/(cs_test_[0-9a-f]{24})$/;

interface SessionRow {
  id: string;
  status: string;
  provider: string;
  provider_session_id: string | null;
}

describe.each(databaseKinds())('payments in Stripe mode on %s', (kind) => {
  let database: TestDatabase;
  let stripe: FakeStripe;
  let t: TestApp;
  let repos: Repositories;

  const stripeEnv = (apiUrl: string) => ({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: apiUrl,
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    stripe = await startFakeStripe(SECRET_KEY);
    t = await createTestApp(database, { env: stripeEnv(stripe.url) });
    repos = createRepositories(database.handle.db);
  });
  afterAll(async () => {
    await t.app.close();
    await stripe.close();
    await database.destroy();
  });
  beforeEach(async () => {
    stripe.failWith(null);
    stripe.requests.length = 0;
    await database.reset();
  });

  const user = (email: string) => signUpWithId(t, email);

  /** Starts a checkout through the app; answers Stripe's session object as the fake made it. */
  async function startCheckout(token: string, path: string, payload: unknown) {
    const res = await post(t.app, path, payload, token);
    expect(res.statusCode, res.body).toBe(200);
    const match = STRIPE_URL.exec(res.json().url);
    if (!match) throw new Error(`unexpected checkout url: ${res.body}`);
    return stripe.objects.get(match[1]!)!;
  }

  function deliver(payload: string, signature = signStripePayload(payload, WEBHOOK_SECRET)) {
    return t.app.inject({
      method: 'POST',
      url: '/payments/webhook',
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });
  }

  /** The session as Stripe sends it once paid (or in another state). */
  const paid = (session: Record<string, unknown>, changes: Record<string, unknown> = {}) => ({
    ...session,
    status: 'complete',
    payment_status: 'paid',
    ...changes,
  });

  async function sessionsOf(userId: string): Promise<SessionRow[]> {
    const { rows } = await sql<SessionRow>`
      select id, status, provider, provider_session_id from checkout_sessions
      where user_id = ${userId} order by created_at`.execute(database.handle.db);
    return rows;
  }

  const logLines = () => t.logs.join('');

  it("creates a Stripe Checkout Session in Stripe's wire format and answers its url", async () => {
    const { token, id: userId } = await user('wire@example.com');
    const session = await startCheckout(token, '/payments/token-pack/checkout', {
      token_amount: 1000,
    });

    expect(stripe.requests).toHaveLength(1);
    const request = stripe.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.rawBody).toContain('line_items[0][price_data][unit_amount]=1800');
    const [ours] = await sessionsOf(userId);
    const form = Object.fromEntries(request.form);
    expect(form).toEqual({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1800',
      'line_items[0][price_data][product_data][name]': 'Credit pack: 1,000 credits',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/cancel',
      client_reference_id: ours!.id,
      'metadata[checkout_id]': ours!.id,
      customer_email: 'wire@example.com',
    });
    expect(request.headers['idempotency-key']).toBe(ours!.id);
    expect(ours).toEqual({
      id: expect.stringMatching(/^chk_[0-9a-f]{32}$/),
      status: 'pending',
      provider: 'stripe',
      provider_session_id: session.id,
    });

    // A plan is sold as a one-off payment of its period's price.
    await startCheckout(token, '/payments/subscription/checkout', { plan_type: 'starter_yearly' });
    const plan = stripe.requests[1]!.form;
    expect(plan.get('mode')).toBe('payment');
    expect(plan.get('line_items[0][price_data][unit_amount]')).toBe('9900');
    expect(plan.get('line_items[0][price_data][product_data][name]')).toMatch(/^Starter plan/);

    // Nothing is granted before Stripe says so, and the in-app checkout page does not exist.
    expect((await repos.credits.balances(userId)).purchased).toBe(0);
    const page = await get(t.app, `/payments/checkout-sessions/${ours!.id}`, token);
    expect(page.statusCode).toBe(404);
    const complete = await post(
      t.app,
      `/payments/checkout-sessions/${ours!.id}/complete`,
      {},
      token,
    );
    expect(complete.statusCode).toBe(404);
    expect((await repos.credits.balances(userId)).purchased).toBe(0);
  });

  it('grants a paid pack once, however often and however concurrently Stripe delivers', async () => {
    const { token, id: userId } = await user('pack@example.com');
    const session = await startCheckout(token, '/payments/checkout', { token_amount: 1000 });
    const event = stripeEvent('checkout.session.completed', paid(session));

    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const balances = await expectBalancesEqualLedger(repos, userId);
    expect(balances).toMatchObject({ monthly: 100, purchased: 1000 });
    const purchases = await ledgerOf(repos, userId, 'purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ credit_type: 'purchased', amount: 1000 });
    expect((await sessionsOf(userId))[0]!.status).toBe('completed');

    // Redelivery of the same event, and new events about the same payment, at once.
    const again = await Promise.all([
      deliver(event),
      deliver(event),
      deliver(stripeEvent('checkout.session.completed', paid(session))),
      deliver(stripeEvent('checkout.session.async_payment_succeeded', paid(session))),
    ]);
    for (const res of again) expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerOf(repos, userId, 'purchase')).toHaveLength(1);
    expect((await expectBalancesEqualLedger(repos, userId)).purchased).toBe(1000);
    // A late expiry cannot take a paid session back.
    expect((await deliver(stripeEvent('checkout.session.expired', session))).statusCode).toBe(200);
    expect((await sessionsOf(userId))[0]!.status).toBe('completed');
  });

  it('subscribes from a paid plan checkout: plan set, monthly credits through the ledger', async () => {
    const { token, id: userId } = await user('plan@example.com');
    const session = await startCheckout(token, '/payments/subscription/checkout', {
      plan_type: 'pro_monthly',
    });
    expect(
      (await deliver(stripeEvent('checkout.session.completed', paid(session)))).statusCode,
    ).toBe(200);
    expect(
      (await deliver(stripeEvent('checkout.session.completed', paid(session)))).statusCode,
    ).toBe(200);
    const subscription = (await get(t.app, '/payments/subscription', token)).json();
    expect(subscription).toMatchObject({
      plan_id: 'pro',
      billing_cycle: 'monthly',
      monthly_credits: 5000,
    });
    const bonus = await ledgerOf(repos, userId, 'subscription_bonus');
    expect(bonus).toHaveLength(1);
    expect(bonus[0]).toMatchObject({ credit_type: 'monthly', amount: 4900, balance_after: 5000 });
    expect((await expectBalancesEqualLedger(repos, userId)).monthly).toBe(5000);
  });

  it('refuses a missing, malformed or wrong signature with 400 and grants nothing', async () => {
    const { token, id: userId } = await user('forged@example.com');
    const session = await startCheckout(token, '/payments/token-pack/checkout', {
      token_amount: 2500,
    });
    const event = stripeEvent('checkout.session.completed', paid(session));
    const now = Math.floor(Date.now() / 1000);
    const validV1 = signStripePayload(event, WEBHOOK_SECRET, now).split('v1=')[1]!;
    const cases: Array<[string, string | undefined, RegExp]> = [
      ['no header', undefined, /header is missing/],
      ['empty header', '', /header is missing/],
      ['no v1', `t=${now}`, /malformed/],
      ['no t', `v1=${validV1}`, /malformed/],
      ['not a header', 'garbage', /malformed/],
      ['other secret', signStripePayload(event, 'whsec_someone_else', now), /does not match/],
      ['other timestamp', `t=${now + 1},v1=${validV1}`, /does not match/],
      ['short v1', `t=${now},v1=${validV1.slice(0, 40)}`, /does not match/],
      ['v0 only', `t=${now},v0=${validV1}`, /malformed/],
    ];
    for (const [label, signature, detail] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/payments/webhook',
        payload: event,
        headers: {
          'content-type': 'application/json',
          ...(signature === undefined ? {} : { 'stripe-signature': signature }),
        },
      });
      expect(res.statusCode, label).toBe(400);
      expect(res.json().code, label).toBe('INVALID_SIGNATURE');
      expect(res.json().detail, label).toMatch(detail);
    }
    // A body changed after signing (one byte more) fails, even with its once-valid header.
    const tampered = event.replace('"payment_status":"paid"', '"payment_status":"paid" ');
    const res = await deliver(tampered, signStripePayload(event, WEBHOOK_SECRET, now));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_SIGNATURE');

    expect(await ledgerOf(repos, userId, 'purchase')).toHaveLength(0);
    expect((await sessionsOf(userId))[0]!.status).toBe('pending');
    // The genuine delivery still works afterwards, and a rolled secret's extra v1 is fine.
    const rolled = `t=${now},v1=${'ab'.repeat(32)},v1=${validV1}`;
    expect((await deliver(event, rolled)).statusCode).toBe(200);
    expect((await repos.credits.balances(userId)).purchased).toBe(2500);
  });

  it('refuses a timestamp older than the 300 s tolerance', async () => {
    const { token, id: userId } = await user('stale@example.com');
    const session = await startCheckout(token, '/payments/token-pack/checkout', {
      token_amount: 500,
    });
    const event = stripeEvent('checkout.session.completed', paid(session));
    const now = Math.floor(Date.now() / 1000);
    const stale = await deliver(event, signStripePayload(event, WEBHOOK_SECRET, now - 400));
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({
      detail: expect.stringMatching(/seconds old, more than the 300 allowed/),
      code: 'INVALID_SIGNATURE',
    });
    expect((await repos.credits.balances(userId)).purchased).toBe(0);

    const recent = await deliver(event, signStripePayload(event, WEBHOOK_SECRET, now - 200));
    expect(recent.statusCode).toBe(200);
    expect((await repos.credits.balances(userId)).purchased).toBe(500);
  });

  it('cancels a pending session on expiry; an unpaid completion grants nothing', async () => {
    const { token, id: userId } = await user('expired@example.com');
    const session = await startCheckout(token, '/payments/token-pack/checkout', {
      token_amount: 500,
    });
    const expired = stripeEvent('checkout.session.expired', { ...session, status: 'expired' });
    expect((await deliver(expired)).statusCode).toBe(200);
    expect((await deliver(expired)).statusCode).toBe(200);
    expect((await sessionsOf(userId))[0]!.status).toBe('cancelled');

    // A bank debit completes the session unpaid; only its async success grants the pack.
    const later = await startCheckout(token, '/payments/token-pack/checkout', {
      token_amount: 1000,
    });
    const unpaid = paid(later, { payment_status: 'unpaid' });
    expect((await deliver(stripeEvent('checkout.session.completed', unpaid))).statusCode).toBe(200);
    expect((await sessionsOf(userId))[1]!.status).toBe('pending');
    expect(await ledgerOf(repos, userId, 'purchase')).toHaveLength(0);
    const settled = stripeEvent('checkout.session.async_payment_succeeded', paid(later));
    expect((await deliver(settled)).statusCode).toBe(200);
    expect((await sessionsOf(userId)).map((row) => row.status)).toEqual(['cancelled', 'completed']);
    expect((await expectBalancesEqualLedger(repos, userId)).purchased).toBe(1000);
  });

  it('still fulfils a session we had closed when Stripe reports it paid: the money moved', async () => {
    const { token, id: userId } = await user('late@example.com');
    const session = await startCheckout(token, '/payments/token-pack/checkout', {
      token_amount: 500,
    });
    expect((await deliver(stripeEvent('checkout.session.expired', session))).statusCode).toBe(200);
    expect((await sessionsOf(userId))[0]!.status).toBe('cancelled');
    const late = stripeEvent('checkout.session.completed', paid(session));
    expect((await deliver(late)).statusCode).toBe(200);
    expect((await deliver(late)).statusCode).toBe(200);
    expect((await sessionsOf(userId))[0]!.status).toBe('completed');
    expect(await ledgerOf(repos, userId, 'purchase')).toHaveLength(1);
    expect(logLines()).toContain('Stripe reports a closed checkout paid');
  });

  it('acknowledges other events and sessions not ours, granting nothing and logging them', async () => {
    const { token, id: userId } = await user('unknown@example.com');
    const session = await startCheckout(token, '/payments/token-pack/checkout', {
      token_amount: 500,
    });
    const other = await deliver(
      stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }),
    );
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ received: true });

    const stranger = paid(session, {
      id: 'cs_test_not_ours',
      client_reference_id: 'chk_does_not_exist',
      metadata: { checkout_id: 'chk_does_not_exist' },
    });
    const unknown = await deliver(stripeEvent('checkout.session.completed', stranger));
    expect(unknown.statusCode).toBe(200);
    expect(logLines()).toContain('chk_does_not_exist');
    expect(logLines()).toContain('Stripe event for no checkout of ours');

    // Our id copied onto another Stripe session does not pay ours.
    const copied = paid(session, { id: 'cs_test_someone_elses' });
    expect((await deliver(stripeEvent('checkout.session.completed', copied))).statusCode).toBe(200);
    expect(logLines()).toContain('object_mismatch');
    expect((await sessionsOf(userId))[0]!.status).toBe('pending');
    expect(await ledgerOf(repos, userId, 'purchase')).toHaveLength(0);

    // Found by Stripe's own id when the metadata is missing.
    const bare = paid(session, { metadata: {}, client_reference_id: null });
    expect((await deliver(stripeEvent('checkout.session.completed', bare))).statusCode).toBe(200);
    expect((await repos.credits.balances(userId)).purchased).toBe(500);
  });

  it('refuses a signed body that is not a Stripe event with a 400', async () => {
    // The webhook's raw-body parser stays in its plugin: other routes still parse JSON.
    const { token } = await user('json@example.com');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/payments/token-pack/checkout',
      payload: '{not json',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('INVALID_JSON');
    for (const [payload, code] of [
      ['{not json', 'INVALID_JSON'],
      ['{"hello":"world"}', 'VALIDATION_ERROR'],
      [
        stripeEvent('checkout.session.completed', { object: 'checkout.session' }),
        'VALIDATION_ERROR',
      ],
    ] as const) {
      const res = await deliver(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code, payload).toBe(code);
      expect(res.json().detail.length, payload).toBeGreaterThan(10);
    }
  });

  it('answers 502 PAYMENTS_UNAVAILABLE when Stripe refuses, and goes on', async () => {
    const { token, id: userId } = await user('refused@example.com');
    stripe.failWith({ status: 400, type: 'invalid_request_error', message: 'Invalid currency' });
    const refused = await post(
      t.app,
      '/payments/token-pack/checkout',
      { token_amount: 500 },
      token,
    );
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(
        /^The payment provider \(Stripe\) refused to start this payment/,
      ),
      code: 'PAYMENTS_UNAVAILABLE',
    });
    expect(logLines()).toContain('Invalid currency');

    stripe.failWith({ status: 500, type: 'api_error', message: 'Something went wrong' });
    const intent = await post(t.app, '/payments/create-payment-intent', { amount: 1000 }, token);
    expect(intent.statusCode).toBe(502);
    expect(intent.json().code).toBe('PAYMENTS_UNAVAILABLE');
    // No pending session is left behind for a payment that never started.
    expect((await sessionsOf(userId)).map((row) => row.status)).toEqual(['cancelled', 'cancelled']);

    stripe.failWith(null);
    await startCheckout(token, '/payments/token-pack/checkout', { token_amount: 500 });
    expect((await get(t.app, '/payments/plans')).statusCode).toBe(200);
    expect((await repos.credits.balances(userId)).purchased).toBe(0);
  });

  it('answers 502 when Stripe cannot be reached or rejects the key', async () => {
    const port = await freePort();
    const unreachable = await createTestApp(database, {
      env: stripeEnv(`http://127.0.0.1:${port}`),
    });
    const wrongKey = await createTestApp(database, {
      env: { ...stripeEnv(stripe.url), STRIPE_SECRET_KEY: 'sk_test_wrong' },
    });
    try {
      const down = await signUp(unreachable, 'down@example.com');
      const res = await post(
        unreachable.app,
        '/payments/checkout',
        { token_amount: 500 },
        down.access_token,
      );
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        detail: expect.stringMatching(/could not be reached/),
        code: 'PAYMENTS_UNAVAILABLE',
      });

      const key = await signUp(wrongKey, 'key@example.com');
      const denied = await post(
        wrongKey.app,
        '/payments/checkout',
        { token_amount: 500 },
        key.access_token,
      );
      expect(denied.statusCode).toBe(502);
      expect(denied.json().code).toBe('PAYMENTS_UNAVAILABLE');
      expect(denied.body).not.toContain('sk_test_wrong');
      expect(wrongKey.logs.join('')).toContain('Invalid API Key provided');
    } finally {
      await unreachable.app.close();
      await wrongKey.app.close();
    }
  });

  it('creates a PaymentIntent for create-payment-intent and fulfils it from its webhook', async () => {
    const { token, id: userId } = await user('intent@example.com');
    const res = await post(t.app, '/payments/create-payment-intent', { amount: 4000 }, token);
    expect(res.statusCode, res.body).toBe(200);
    const request = stripe.requests[0]!;
    expect(request.path).toBe('/v1/payment_intents');
    const [ours] = await sessionsOf(userId);
    expect(Object.fromEntries(request.form)).toEqual({
      amount: '4000',
      currency: 'usd',
      description: 'Credit pack: 2,500 credits',
      receipt_email: 'intent@example.com',
      'metadata[checkout_id]': ours!.id,
      'automatic_payment_methods[enabled]': 'true',
    });
    const intent = stripe.objects.get(ours!.provider_session_id!)!;
    expect(res.json()).toEqual({
      client_secret: intent.client_secret,
      amount: 4000,
      url: `http://localhost:3000/success?session_id=${ours!.id}`,
    });

    // Checkout's own PaymentIntents carry none of our metadata: ignored.
    const foreign = { ...intent, id: 'pi_from_checkout', metadata: {}, status: 'succeeded' };
    expect((await deliver(stripeEvent('payment_intent.succeeded', foreign))).statusCode).toBe(200);
    expect((await repos.credits.balances(userId)).purchased).toBe(0);

    const succeeded = stripeEvent('payment_intent.succeeded', { ...intent, status: 'succeeded' });
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect(await ledgerOf(repos, userId, 'purchase')).toHaveLength(1);
    expect((await expectBalancesEqualLedger(repos, userId)).purchased).toBe(2500);
  });
});

describe('the webhook in local test mode', () => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.app.close();
    await database.destroy();
  });

  it('does not exist: 404, even for a well-signed event', async () => {
    const event = stripeEvent('checkout.session.completed', { id: 'cs_test_1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/payments/webhook',
      payload: event,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripePayload(event, WEBHOOK_SECRET),
      },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
