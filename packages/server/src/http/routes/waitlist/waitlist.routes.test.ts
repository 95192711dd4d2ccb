import { beforeEach, expect, it } from 'vitest';
import { get, post } from '../../../../test/test-support/test-app.js';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';

describeWithApp('waitlist', (t) => {
  beforeEach(async () => {
    t.mail.length = 0;
  });

  it('joins once, case-insensitively, and counts sign-ups', async () => {
    expect((await get(t.app, '/api/waitlist/count')).json()).toEqual({ total_signups: 0 });
    const first = await post(t.app, '/api/waitlist/', { email: 'Dev@Example.com' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: "You're on the waitlist!", email: 'dev@example.com' });
    const again = await post(t.app, '/api/waitlist', { email: 'dev@EXAMPLE.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    await post(t.app, '/api/waitlist/', { email: 'other@example.com' });
    expect((await get(t.app, '/api/waitlist/count')).json()).toEqual({ total_signups: 2 });
    expect(t.mail.filter((m) => m.to === 'dev@example.com')).toHaveLength(1);
  });

  it.each([
    [{ email: 'nope' }, 'Please enter a valid email address.'],
    [{}, 'email is required.'],
    [{ email: 'a@b.co', name: 'x' }, 'Unknown field: name.'],
  ])('refuses %j', async (payload, detail) => {
    const res = await post(t.app, '/api/waitlist/', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail, code: 'VALIDATION_ERROR' });
  });
});
