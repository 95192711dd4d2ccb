import { expect, it } from 'vitest';
import { describeWithApp } from '../../../test/test-support/describe-with-app.js';
import {
  get,
  OTHER_STRONG_PASSWORD,
  post,
  signUp,
  STRONG_PASSWORD,
} from '../../../test/test-support/test-app.js';

// GET /auth/me and GET /api/jobs check a session in the statement that reads their data. They
// must refuse exactly what every other signed-in route refuses, with the same answers, and
// answer a session as they answer an API key of the same account.
const ONE_STATEMENT_ROUTES = ['/auth/me', '/api/jobs', '/api/jobs?page=3&limit=1'];
const CHECKED_IN_THE_HOOK = '/auth/settings';

describeWithApp('routes that read a session with their data in one statement', (t) => {
  /** Every one-statement route refuses the token with the hook's own 401 and this detail. */
  async function expectRefusedAsInTheHook(token: string, detail: string) {
    const expected = await get(t.app, CHECKED_IN_THE_HOOK, token);
    expect(expected.statusCode).toBe(401);
    expect(expected.json()).toMatchObject({ code: 'INVALID_TOKEN', detail });
    for (const route of ONE_STATEMENT_ROUTES) {
      const res = await get(t.app, route, token);
      expect(res.statusCode, route).toBe(401);
      expect(res.json(), route).toEqual(expected.json());
    }
  }

  it('refuse a session that a password change ended, as other routes do', async () => {
    const session = await signUp(t, 'changed@example.com');
    const changed = await post(
      t.app,
      '/auth/change-password',
      { current_password: STRONG_PASSWORD, new_password: OTHER_STRONG_PASSWORD },
      session.access_token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await expectRefusedAsInTheHook(
      session.access_token,
      'Your password was changed. Please sign in again.',
    );
    const fresh = changed.json<{ access_token: string }>().access_token;
    for (const route of ONE_STATEMENT_ROUTES) {
      expect((await get(t.app, route, fresh)).statusCode, route).toBe(200);
    }
  });

  it('refuse the session of an account that no longer exists, as other routes do', async () => {
    const session = await signUp(t, 'gone@example.com');
    const me = (await get(t.app, '/auth/me', session.access_token)).json<{ id: string }>();
    await t.app.services.db.deleteFrom('users').where('id', '=', me.id).execute();
    await expectRefusedAsInTheHook(
      session.access_token,
      'Invalid access token. Please sign in again.',
    );
  });

  it('answer a session as they answer an API key of the same account', async () => {
    const { access_token: session } = await signUp(t, 'both@example.com');
    const key = await post(t.app, '/api/keys', { name: 'CI', scope: 'read' }, session);
    expect(key.statusCode, key.body).toBe(201);
    const apiKey = key.json<{ key: string }>().key;
    const me = (await get(t.app, '/auth/me', session)).json<{ id: string }>();
    // Credits held by a job, so the reserved figure is not only its zero default.
    await t.app.services.db
      .updateTable('credit_balances')
      .set({ reserved: 7 })
      .where('user_id', '=', me.id)
      .where('credit_type', '=', 'monthly')
      .execute();
    for (const route of ONE_STATEMENT_ROUTES) {
      const bySession = await get(t.app, route, session);
      const byKey = await get(t.app, route, apiKey);
      expect(bySession.statusCode, route).toBe(200);
      expect(bySession.json(), route).toEqual(byKey.json());
    }
    const profile = (await get(t.app, '/auth/me', session)).json<{ credits_reserved: number }>();
    expect(profile.credits_reserved).toBe(7);
  });
});
