import { describe, expect, it } from 'vitest';
import { formatOutbox, toRequest } from '../../../cli/admin.js';
import { createRepositories } from '../../../db/repositories/index.js';
import { createOutboxMailer } from '../../../adapters/mail/outbox-mailer.js';
import { get, signUp, TEST_ADMIN_TOKEN } from '../../../../test/test-support/test-app.js';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';

describeWithApp('operator API', (t) => {
  const admin = (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    token = TEST_ADMIN_TOKEN,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  it('answers only the admin token', async () => {
    expect((await get(t.app, '/admin/users')).statusCode).toBe(401);
    expect((await admin('GET', '/admin/users', undefined, 'wrong-token-123456')).statusCode).toBe(
      401,
    );
    const session = await signUp(t, 'user@example.com');
    expect((await get(t.app, '/admin/users', session.access_token)).statusCode).toBe(401);
  });

  it('refuses bad input with a 400 and a detail for a person', async () => {
    const cases: Array<['GET' | 'POST', string, unknown]> = [
      ['GET', '/admin/outbox?limit=abc', undefined],
      ['GET', '/admin/outbox?limit=0', undefined],
      ['GET', '/admin/outbox?to=not-an-email', undefined],
      ['GET', '/admin/outbox?unknown=1', undefined],
      ['POST', '/admin/users/a@example.com/plan', { plan: 'platinum', billing_cycle: 'monthly' }],
      ['POST', '/admin/users/a@example.com/credits', { amount: 'ten', credit_type: 'monthly' }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await admin(method, url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().detail.length).toBeGreaterThan(5);
    }
    const unknown = await admin('POST', '/admin/users/nobody@example.com/approve');
    expect(unknown.statusCode).toBeLessThan(500);
  });

  it('lists users without secrets', async () => {
    await signUp(t, 'a@example.com');
    const res = await admin('GET', '/admin/users');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(1);
    expect(res.json().users[0]).toMatchObject({
      email: 'a@example.com',
      subscription_plan: 'free',
      monthly_credits: 100,
      purchased_credits: 0,
      is_approved: false,
    });
    expect(res.body).not.toContain('argon2');
  });

  it('sets a plan and resets monthly credits through the ledger', async () => {
    const session = await signUp(t, 'p@example.com');
    const res = await admin('POST', '/admin/users/p@example.com/plan', {
      plan: 'pro',
      billing_cycle: 'yearly',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subscription_plan: 'pro',
      billing_cycle: 'yearly',
      monthly_credits: 6000,
    });
    const me = (await get(t.app, '/auth/me', session.access_token)).json();
    expect(me).toMatchObject({
      role: 'pro',
      max_lines_per_job: 2_000_000,
      upload_limit_mb: 200,
      allowed_output_formats: ['md', 'txt', 'json', 'xml', 'csv', 'yaml', 'custom'],
      monthly_credits: 6000,
    });
    expect(Date.parse(me.next_billing_date)).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const repos = createRepositories(t.database.handle.db);
    expect(await repos.credits.ledgerSum(me.id, 'monthly')).toBe(6000);
    const bad = await admin('POST', '/admin/users/p@example.com/plan', {
      plan: 'gold',
      billing_cycle: 'monthly',
    });
    expect(bad.json()).toEqual({
      detail: 'plan must be one of: free, starter, pro, enterprise.',
      code: 'VALIDATION_ERROR',
    });
    const missing = await admin('POST', '/admin/users/nobody@example.com/plan', {
      plan: 'pro',
      billing_cycle: 'monthly',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('grants and removes credits, never below zero', async () => {
    const session = await signUp(t, 'c@example.com');
    const grant = await admin('POST', '/admin/users/c@example.com/credits', {
      amount: 500,
      credit_type: 'purchased',
    });
    expect(grant.json().purchased_credits).toBe(500);
    const remove = await admin('POST', '/admin/users/c@example.com/credits', {
      amount: -600,
      credit_type: 'purchased',
    });
    expect(remove.statusCode).toBe(402);
    expect(remove.json().code).toBe('INSUFFICIENT_CREDITS');
    const zero = await admin('POST', '/admin/users/c@example.com/credits', {
      amount: 0,
      credit_type: 'monthly',
    });
    expect(zero.json().detail).toBe('amount must not be 0.');
    const me = (await get(t.app, '/auth/me', session.access_token)).json();
    expect(me.credits_available).toBe(600);
    const repos = createRepositories(t.database.handle.db);
    const ledger = await repos.credits.transactions(me.id);
    expect(ledger.map((row) => [row.type, row.amount])).toEqual(
      expect.arrayContaining([
        ['purchase', 500],
        ['monthly_reset', 100],
      ]),
    );
  });

  it('shows the outbox kept without SMTP', async () => {
    const repos = createRepositories(t.database.handle.db);
    const mailer = createOutboxMailer(repos.outbox, t.app.log);
    await mailer.send({
      to: 'o@example.com',
      subject: 'Hi',
      text: 'Code 123456',
      html: '<p>x</p>',
    });
    const res = await admin('GET', '/admin/outbox?to=o@example.com');
    expect(res.json().messages).toEqual([
      expect.objectContaining({
        to: 'o@example.com',
        subject: 'Hi',
        text: 'Code 123456',
        sent_at: null,
      }),
    ]);
    expect(formatOutbox(res.json())).toContain('Code 123456');
    expect(t.logs.join('')).toContain('Code 123456');
  });
});

describe('admin CLI', () => {
  it('maps commands to operator API calls', () => {
    expect(toRequest(['users'])).toEqual({ method: 'GET', path: '/admin/users' });
    expect(toRequest(['approve', 'a+b@x.co'])).toEqual({
      method: 'POST',
      path: '/admin/users/a%2Bb%40x.co/approve',
    });
    expect(toRequest(['plan', 'a@x.co', 'pro', 'yearly']).body).toEqual({
      plan: 'pro',
      billing_cycle: 'yearly',
    });
    expect(toRequest(['credits', 'a@x.co', '-5', 'monthly']).body).toEqual({
      amount: -5,
      credit_type: 'monthly',
    });
    expect(toRequest(['outbox', '--to', 'a@x.co']).path).toBe('/admin/outbox?to=a%40x.co');
    expect(() => toRequest(['plan'])).toThrow(/Usage/);
  });
});
