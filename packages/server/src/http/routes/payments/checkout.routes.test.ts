import { beforeAll, expect, it } from 'vitest';
import { createRepositories, type Repositories } from '../../../db/repositories/index.js';
import { get, post } from '../../../../test/test-support/test-app.js';
import {
  expectBalancesEqualLedger,
  ledgerOf,
  signUpWithId,
} from '../../../services/payments/test-support/payments-session.js';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';

const SESSION_URL = /^http:\/\/localhost:3000\/checkout\/(cs_test_[0-9a-f]{32})$/;

describeWithApp('checkout in local test mode', (t) => {
  let repos: Repositories;

  beforeAll(async () => {
    repos = createRepositories(t.database.handle.db);
  });

  const user = (email: string) => signUpWithId(t, email);

  /** Starts a checkout and answers the session id its url names. */
  async function startCheckout(token: string, path: string, payload: unknown): Promise<string> {
    const res = await post(t.app, path, payload, token);
    expect(res.statusCode, res.body).toBe(200);
    const match = SESSION_URL.exec(res.json().url);
    if (!match) throw new Error(`unexpected checkout url: ${res.body}`);
    return match[1]!;
  }

  it('needs a signed-in user for every checkout call, before looking at the body', async () => {
    const calls: Array<['GET' | 'POST', string, unknown]> = [
      ['POST', '/payments/subscription/checkout', { plan_type: 'starter_monthly' }],
      ['POST', '/payments/subscription/checkout', { plan_type: 42 }],
      ['POST', '/payments/token-pack/checkout', { token_amount: 500 }],
      ['POST', '/payments/checkout', {}],
      ['POST', '/payments/create-payment-intent', { amount: 1000 }],
      ['GET', '/payments/checkout-sessions/cs_test_x', undefined],
      ['POST', '/payments/checkout-sessions/cs_test_x/complete', undefined],
      ['POST', '/payments/checkout-sessions/cs_test_x/cancel', undefined],
    ];
    for (const [method, url, payload] of calls) {
      const res = method === 'GET' ? await get(t.app, url) : await post(t.app, url, payload);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('NOT_AUTHENTICATED');
    }
    const bad = await post(t.app, '/payments/token-pack/checkout', { token_amount: 500 }, 'nope');
    expect(bad.statusCode).toBe(401);
  });

  it('refuses bad checkout input with a 400 and a detail for a person', async () => {
    const { token } = await user('bad@example.com');
    const cases: Array<[string, unknown, string | RegExp]> = [
      ['/payments/subscription/checkout', undefined, 'The request body must be a JSON object.'],
      ['/payments/subscription/checkout', {}, 'plan_type is required.'],
      ['/payments/subscription/checkout', { plan_type: 7 }, 'plan_type must be a string.'],
      ['/payments/subscription/checkout', { plan_type: 'starter' }, /_monthly or _yearly/],
      ['/payments/subscription/checkout', { plan_type: 'pro_weekly' }, /_monthly or _yearly/],
      [
        '/payments/subscription/checkout',
        { plan_type: 'gold_monthly' },
        'Unknown plan "gold". plan_type must be one of: starter_monthly, starter_yearly, pro_monthly, pro_yearly.',
      ],
      [
        '/payments/subscription/checkout',
        { plan_type: 'free_monthly' },
        'The Free Forever plan is free: it needs no checkout.',
      ],
      [
        '/payments/subscription/checkout',
        { plan_type: 'enterprise_yearly' },
        'The Enterprise plan has a custom price: please contact us to subscribe.',
      ],
      [
        '/payments/subscription/checkout',
        { plan_type: 'pro_monthly', coupon: 'FREE' },
        'Unknown field: coupon.',
      ],
      ['/payments/token-pack/checkout', undefined, 'The request body must be a JSON object.'],
      ['/payments/token-pack/checkout', {}, 'token_amount is required.'],
      ['/payments/token-pack/checkout', { token_amount: '500' }, 'token_amount must be a number.'],
      [
        '/payments/token-pack/checkout',
        { token_amount: 750 },
        'token_amount must be one of the credit packs: 500, 1000, 2500.',
      ],
      [
        '/payments/token-pack/checkout',
        { token_amount: 500.5 },
        'token_amount must be a whole number.',
      ],
      [
        '/payments/checkout',
        { token_amount: 100 },
        'token_amount must be one of the credit packs: 500, 1000, 2500.',
      ],
      ['/payments/create-payment-intent', {}, 'amount is required.'],
      [
        '/payments/create-payment-intent',
        { amount: 10 },
        'amount must be the price of a credit pack in cents: 1000, 1800, 4000.',
      ],
      ['/payments/create-payment-intent', { amount: 'ten' }, 'amount must be a number.'],
      [
        '/payments/create-payment-intent',
        { amount: 1000.5 },
        'amount must be a whole number of cents.',
      ],
    ];
    for (const [url, payload, detail] of cases) {
      const res = await post(t.app, url, payload, token);
      const label = `${url} ${JSON.stringify(payload)}`;
      expect(res.statusCode, label).toBe(400);
      expect(res.json().code, label).toBe('VALIDATION_ERROR');
      if (typeof detail === 'string') expect(res.json().detail, label).toBe(detail);
      else expect(res.json().detail, label).toMatch(detail);
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/payments/token-pack/checkout',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toMatch(/empty/);
  });

  it('sells a credit pack once: one purchase row, balances equal to the ledger', async () => {
    const { token, id: userId } = await user('pack@example.com');
    const sessionId = await startCheckout(token, '/payments/token-pack/checkout', {
      token_amount: 1000,
    });

    const pending = await get(t.app, `/payments/checkout-sessions/${sessionId}`, token);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({
      id: sessionId,
      kind: 'pack',
      description: 'Credit pack: 1,000 credits',
      amount_cents: 1800,
      currency: 'usd',
      status: 'pending',
      credits: 1000,
      created_at: expect.any(String),
    });
    // Nothing is granted before the payment completes.
    expect((await repos.credits.balances(userId)).purchased).toBe(0);

    const done = await post(t.app, `/payments/checkout-sessions/${sessionId}/complete`, {}, token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      status: 'completed',
      redirect_url: `http://localhost:3000/success?session_id=${sessionId}`,
    });
    const balances = await expectBalancesEqualLedger(repos, userId);
    expect(balances).toMatchObject({ monthly: 100, purchased: 1000 });
    const purchases = await ledgerOf(repos, userId, 'purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      credit_type: 'purchased',
      amount: 1000,
      balance_after: 1000,
    });

    // A second completion answers the same and grants nothing.
    const again = await post(t.app, `/payments/checkout-sessions/${sessionId}/complete`, {}, token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(done.json());
    expect(await ledgerOf(repos, userId, 'purchase')).toHaveLength(1);
    expect((await expectBalancesEqualLedger(repos, userId)).purchased).toBe(1000);

    const paid = await get(t.app, `/payments/checkout-sessions/${sessionId}`, token);
    expect(paid.json().status).toBe('completed');
    const cancel = await post(t.app, `/payments/checkout-sessions/${sessionId}/cancel`, {}, token);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({
      detail: 'This checkout is already paid and cannot be cancelled.',
      code: 'CHECKOUT_CLOSED',
    });

    const ledger = (await get(t.app, '/payments/token-transactions?type=purchase', token)).json();
    expect(ledger.transactions).toHaveLength(1);
    expect(ledger.transactions[0]).toMatchObject({ amount: 1000, credit_type: 'purchased' });
    const subscription = (await get(t.app, '/payments/subscription', token)).json();
    expect(subscription).toMatchObject({ purchased_credits: 1000, credits_available: 1100 });
  });

  it('grants once when the same session is completed concurrently', async () => {
    const { token, id: userId } = await user('race@example.com');
    const sessionId = await startCheckout(token, '/payments/checkout', { token_amount: 2500 });
    const url = `/payments/checkout-sessions/${sessionId}/complete`;
    const answers = await Promise.all([1, 2, 3].map(() => post(t.app, url, {}, token)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerOf(repos, userId, 'purchase')).toHaveLength(1);
    expect((await expectBalancesEqualLedger(repos, userId)).purchased).toBe(2500);
  });

  it("answers 404 for another user's session and leaves it untouched", async () => {
    const owner = await user('owner@example.com');
    const other = await user('other@example.com');
    const sessionId = await startCheckout(owner.token, '/payments/token-pack/checkout', {
      token_amount: 500,
    });
    for (const [method, url] of [
      ['GET', `/payments/checkout-sessions/${sessionId}`],
      ['POST', `/payments/checkout-sessions/${sessionId}/complete`],
      ['POST', `/payments/checkout-sessions/${sessionId}/cancel`],
      ['GET', '/payments/checkout-sessions/cs_test_does_not_exist'],
      ['POST', '/payments/checkout-sessions/cs_test_does_not_exist/complete'],
    ] as const) {
      const res =
        method === 'GET'
          ? await get(t.app, url, other.token)
          : await post(t.app, url, {}, other.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({
        detail: 'No checkout session with this id.',
        code: 'NOT_FOUND',
      });
    }
    expect((await repos.credits.balances(other.id)).purchased).toBe(0);
    expect((await repos.credits.balances(owner.id)).purchased).toBe(0);
    const mine = await get(t.app, `/payments/checkout-sessions/${sessionId}`, owner.token);
    expect(mine.json().status).toBe('pending');
    const long = await get(t.app, `/payments/checkout-sessions/${'x'.repeat(100)}`, owner.token);
    expect(long.statusCode).toBe(404);
  });

  it('subscribes: plan and billing cycle set, monthly credits granted through the ledger', async () => {
    const { token, id: userId } = await user('plan@example.com');
    const sessionId = await startCheckout(token, '/payments/subscription/checkout', {
      plan_type: 'starter_yearly',
    });
    const session = (await get(t.app, `/payments/checkout-sessions/${sessionId}`, token)).json();
    expect(session).toMatchObject({
      kind: 'subscription',
      plan_id: 'starter',
      billing_cycle: 'yearly',
      amount_cents: 9900,
      credits: 1200,
      currency: 'usd',
      status: 'pending',
    });
    expect(session.description).toContain('Starter');
    expect((await get(t.app, '/payments/subscription', token)).json().plan_id).toBe('free');

    const done = await post(t.app, `/payments/checkout-sessions/${sessionId}/complete`, {}, token);
    expect(done.statusCode).toBe(200);
    const subscription = (await get(t.app, '/payments/subscription', token)).json();
    expect(subscription).toMatchObject({
      plan_id: 'starter',
      plan_name: 'Starter',
      billing_cycle: 'yearly',
      status: 'active',
      price_usd: 99,
      credits_per_month: 1200,
      monthly_credits: 1200,
      purchased_credits: 0,
    });
    const yearAhead = Date.now() + 360 * 86_400_000;
    expect(Date.parse(subscription.current_period_end)).toBeGreaterThan(yearAhead);
    expect(Date.parse(subscription.monthly_credits_reset_date)).toBeGreaterThan(
      Date.now() + 27 * 86_400_000,
    );
    const me = (await get(t.app, '/auth/me', token)).json();
    expect(me).toMatchObject({
      role: 'starter',
      billing_cycle: 'yearly',
      max_lines_per_job: 750_000,
    });

    const bonus = await ledgerOf(repos, userId, 'subscription_bonus');
    expect(bonus).toHaveLength(1);
    expect(bonus[0]).toMatchObject({ credit_type: 'monthly', amount: 1100, balance_after: 1200 });
    expect((await expectBalancesEqualLedger(repos, userId)).monthly).toBe(1200);

    // Completing again changes nothing; buying the same plan and cycle again is refused.
    await post(t.app, `/payments/checkout-sessions/${sessionId}/complete`, {}, token);
    expect(await ledgerOf(repos, userId, 'subscription_bonus')).toHaveLength(1);
    const same = await post(
      t.app,
      '/payments/subscription/checkout',
      { plan_type: 'starter_yearly' },
      token,
    );
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({
      detail: 'You are already subscribed to the Starter plan, billed yearly.',
      code: 'ALREADY_SUBSCRIBED',
    });

    // An upgrade to Pro monthly tops the monthly credits up to Pro's allowance.
    const upgrade = await startCheckout(token, '/payments/subscription/checkout', {
      plan_type: 'PRO_MONTHLY',
    });
    await post(t.app, `/payments/checkout-sessions/${upgrade}/complete`, {}, token);
    const pro = (await get(t.app, '/payments/subscription', token)).json();
    expect(pro).toMatchObject({ plan_id: 'pro', billing_cycle: 'monthly', monthly_credits: 5000 });
    expect(await ledgerOf(repos, userId, 'subscription_bonus')).toHaveLength(2);
    expect((await expectBalancesEqualLedger(repos, userId)).monthly).toBe(5000);
  });

  it('cancels: nothing granted, cancelling again is harmless, a cancelled session cannot be paid', async () => {
    const { token, id: userId } = await user('cancel@example.com');
    const sessionId = await startCheckout(token, '/payments/subscription/checkout', {
      plan_type: 'pro_yearly',
    });
    const url = `/payments/checkout-sessions/${sessionId}`;
    const cancelled = await post(t.app, `${url}/cancel`, {}, token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({
      status: 'cancelled',
      redirect_url: 'http://localhost:3000/cancel',
    });
    expect((await post(t.app, `${url}/cancel`, {}, token)).statusCode).toBe(200);
    expect((await get(t.app, url, token)).json().status).toBe('cancelled');

    const pay = await post(t.app, `${url}/complete`, {}, token);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().code).toBe('CHECKOUT_CLOSED');
    expect(pay.json().detail).toMatch(/cancelled/);
    const subscription = (await get(t.app, '/payments/subscription', token)).json();
    expect(subscription).toMatchObject({
      plan_id: 'free',
      billing_cycle: null,
      monthly_credits: 100,
    });
    expect(await ledgerOf(repos, userId, 'subscription_bonus')).toHaveLength(0);
  });

  it('creates a payment intent for a pack price in cents, paid through the same session', async () => {
    const { token, id: userId } = await user('intent@example.com');
    const res = await post(t.app, '/payments/create-payment-intent', { amount: 4000 }, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.amount).toBe(4000);
    const match = SESSION_URL.exec(body.url);
    expect(match).not.toBeNull();
    const sessionId = match![1]!;
    expect(body.client_secret).toMatch(new RegExp(`^${sessionId}_secret_[0-9a-f]{24}$`));
    const session = (await get(t.app, `/payments/checkout-sessions/${sessionId}`, token)).json();
    expect(session).toMatchObject({ kind: 'pack', credits: 2500, amount_cents: 4000 });
    await post(t.app, `/payments/checkout-sessions/${sessionId}/complete`, {}, token);
    expect((await expectBalancesEqualLedger(repos, userId)).purchased).toBe(2500);
  });
});
