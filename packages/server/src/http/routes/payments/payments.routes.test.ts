import { expect, it } from 'vitest';
import { get, signUp } from '../../../../test/test-support/test-app.js';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';

describeWithApp('plans, packs and subscription', (t) => {
  it('lists the seeded plans without sign-in', async () => {
    const res = await get(t.app, '/payments/plans');
    expect(res.statusCode).toBe(200);
    const plans = res.json();
    expect(Array.isArray(plans)).toBe(true);
    expect(plans.map((p: { id: string }) => p.id)).toEqual([
      'free',
      'starter',
      'pro',
      'enterprise',
    ]);
    const [free, starter, pro, enterprise] = plans;
    expect(free).toMatchObject({
      name: 'Free Forever',
      price_usd: 0,
      price_cents: 0,
      credits_per_month: 100,
      max_lines_per_job: 100_000,
      upload_limit_mb: 10,
      allowed_output_formats: ['md', 'txt'],
    });
    expect(starter).toEqual({
      id: 'starter',
      name: 'Starter',
      price_usd: 9.99,
      price_cents: 999,
      price_usd_yearly: 99,
      price_cents_yearly: 9900,
      credits_per_month: 1000,
      credits_per_month_yearly: 1200,
      max_lines_per_job: 750_000,
      upload_limit_mb: 50,
      allowed_output_formats: ['md', 'txt', 'json', 'xml'],
      features: expect.arrayContaining([expect.stringContaining('1,000 credits')]),
    });
    expect(pro).toMatchObject({
      price_usd: 29.99,
      price_cents: 2999,
      price_usd_yearly: 299,
      credits_per_month: 5000,
      credits_per_month_yearly: 6000,
      max_lines_per_job: 2_000_000,
      upload_limit_mb: 200,
      allowed_output_formats: ['md', 'txt', 'json', 'xml', 'csv', 'yaml', 'custom'],
    });
    expect(enterprise).toMatchObject({
      price_usd: null,
      price_cents: null,
      credits_per_month: 50_000,
    });
    for (const plan of plans) expect(plan.features.length).toBeGreaterThan(0);
  });

  it('lists the three credit packs without sign-in', async () => {
    const res = await get(t.app, '/payments/token-packs');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { tokens: 500, price: 10 },
      { tokens: 1000, price: 18 },
      { tokens: 2500, price: 40 },
    ]);
  });

  it('answers the subscription of a new user: the free plan and its credits', async () => {
    expect((await get(t.app, '/payments/subscription')).statusCode).toBe(401);
    const { access_token: token } = await signUp(t, 'sub@example.com');
    const res = await get(t.app, '/payments/subscription', token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      plan_id: 'free',
      plan_name: 'Free Forever',
      billing_cycle: null,
      status: 'active',
      price_usd: 0,
      current_period_end: null,
      next_billing_date: null,
      credits_per_month: 100,
      monthly_credits: 100,
      purchased_credits: 0,
      credits_available: 100,
      credits_reserved: 0,
    });
    const me = (await get(t.app, '/auth/me', token)).json();
    expect(body.monthly_credits_reset_date).toBe(me.monthly_credits_reset_date);
  });

  it('serves the ledger under both transaction paths, signed-in only', async () => {
    expect((await get(t.app, '/payments/token-transactions')).statusCode).toBe(401);
    const { access_token: token } = await signUp(t, 'ledger@example.com');
    const a = await get(t.app, '/payments/token-transactions', token);
    const b = await get(t.app, '/payments/transactions', token);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(a.json().transactions).toHaveLength(1);
  });
});
