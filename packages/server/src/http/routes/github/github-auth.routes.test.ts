import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectNoSecrets,
  get,
  post,
  signUp,
  type TestApp,
} from '../../../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../../test/test-support/test-database.js';
import {
  startFakeGithub,
  type FakeGithub,
} from '../../../services/github/test-support/fake-github.js';
import { connectAccount, setPlan } from '../../../services/github/test-support/github-session.js';

const GITHUB_TOKEN = 'gho_fakeTokenForTests0123456789abcdef';

describe.each(databaseKinds())('GitHub connection on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let github: FakeGithub;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    github = await startFakeGithub();
    t = await createTestApp(database, {
      env: {
        GITHUB_CLIENT_ID: github.clientId,
        GITHUB_CLIENT_SECRET: github.clientSecret,
        GITHUB_OAUTH_URL: github.oauthUrl,
        GITHUB_API_URL: github.apiUrl,
        APP_URL: 'https://bundle.example.com',
        PAYMENTS_TEST_MODE: 'on',
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await github.stop();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.reset();
    github.userStatus = null;
  });

  async function proUser(email = 'dev@example.com') {
    const { access_token } = await signUp(t, email);
    await setPlan(t.app, email, 'pro');
    return access_token;
  }

  it('gives an authorization URL with a fresh state for this server', async () => {
    const token = await proUser();
    const res = await get(t.app, '/auth/github/authorize-url', token);
    expect(res.statusCode, res.body).toBe(200);
    const { authorization_url, state } = res.json<{ authorization_url: string; state: string }>();
    expect(state).toMatch(/^[\w-]{40,}$/);
    const url = new URL(authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${github.oauthUrl}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: github.clientId,
      redirect_uri: 'https://bundle.example.com/settings?tab=integrations',
      scope: 'repo user:email',
      state,
    });
    const again = await get(t.app, '/auth/github/authorize-url', token);
    expect(again.json().state).not.toBe(state);
    // Stored as a keyed hash, not as itself.
    const rows = await sql<{
      state_hash: string;
    }>`select state_hash from github_oauth_states`.execute(database.handle.db);
    expect(rows.rows).toHaveLength(2);
    expect(rows.rows.map((r) => r.state_hash)).not.toContain(state);
  });

  it('connects: exchanges the code, reads the login, stores the token encrypted', async () => {
    const token = await proUser();
    const res = await connectAccount(t.app, token, github, 'octo-dev', GITHUB_TOKEN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ github_username: 'octo-dev' });
    expectNoSecrets(res, [GITHUB_TOKEN]);

    const exchange = github.exchanges.at(-1)!;
    expect(exchange.headers.accept).toBe('application/json');
    expect(exchange.body.get('client_secret')).toBe(github.clientSecret);

    const me = await get(t.app, '/auth/me', token);
    expect(me.json()).toMatchObject({ github_connected: true, github_username: 'octo-dev' });
    expectNoSecrets(me, [GITHUB_TOKEN]);

    const row = await database.handle.db
      .selectFrom('users')
      .select(['github_token_encrypted', 'github_username'])
      .where('email', '=', 'dev@example.com')
      .executeTakeFirstOrThrow();
    expect(row.github_username).toBe('octo-dev');
    expect(row.github_token_encrypted).toMatch(/^v1:/);
    expect(row.github_token_encrypted).not.toContain(GITHUB_TOKEN);
    expect(row.github_token_encrypted).not.toContain(Buffer.from(GITHUB_TOKEN).toString('base64'));
    expect(t.logs.join('')).not.toContain(GITHUB_TOKEN);
  });

  it("refuses an unknown, reused, expired or another user's state", async () => {
    const token = await proUser();
    const other = await proUser('other@example.com');
    github.issueCode('c1', GITHUB_TOKEN, 'octo');

    const unknown = await post(
      t.app,
      '/auth/github/connect',
      { code: 'c1', state: 'made-up' },
      token,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'INVALID_OAUTH_STATE',
      detail: expect.stringContaining('Invalid OAuth state. Possible CSRF attack.'),
    });

    const { state: othersState } = (await get(t.app, '/auth/github/authorize-url', other)).json();
    const stolen = await post(
      t.app,
      '/auth/github/connect',
      { code: 'c1', state: othersState },
      token,
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('INVALID_OAUTH_STATE');

    const { state } = (await get(t.app, '/auth/github/authorize-url', token)).json();
    const first = await post(t.app, '/auth/github/connect', { code: 'c1', state }, token);
    expect(first.statusCode, first.body).toBe(200);
    github.issueCode('c2', GITHUB_TOKEN, 'octo');
    const reused = await post(t.app, '/auth/github/connect', { code: 'c2', state }, token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_OAUTH_STATE');

    const { state: late } = (await get(t.app, '/auth/github/authorize-url', token)).json();
    await sql`update github_oauth_states set expires_at = now() - interval '1 minute'
      where user_id = (select id from users where email = 'dev@example.com')`.execute(
      database.handle.db,
    );
    const expired = await post(t.app, '/auth/github/connect', { code: 'c2', state: late }, token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'INVALID_OAUTH_STATE',
      detail: expect.stringContaining('10 minutes'),
    });
    // The other user's state was not used up by the attempt.
    github.issueCode('c3', 'gho_other', 'other-octo');
    const own = await post(
      t.app,
      '/auth/github/connect',
      { code: 'c3', state: othersState },
      other,
    );
    expect(own.statusCode, own.body).toBe(200);
  });

  it('turns GitHub refusing or failing into 400 and 502, never 500', async () => {
    const token = await proUser();
    const { state } = (await get(t.app, '/auth/github/authorize-url', token)).json();
    const badCode = await post(t.app, '/auth/github/connect', { code: 'nope', state }, token);
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toEqual({
      code: 'GITHUB_AUTH_FAILED',
      detail: 'GitHub authorization failed: The code passed is incorrect or expired.',
    });

    github.userStatus = 500;
    const down = await connectAccount(t.app, token, github, 'octo', GITHUB_TOKEN);
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe('GITHUB_UNAVAILABLE');
    expect((await get(t.app, '/auth/me', token)).json().github_connected).toBe(false);
  });

  it('answers 502 when GitHub cannot be reached', async () => {
    const offline = await createTestApp(database, {
      env: {
        GITHUB_CLIENT_ID: 'id',
        GITHUB_CLIENT_SECRET: 'secret',
        GITHUB_OAUTH_URL: 'http://127.0.0.1:1/login/oauth',
      },
    });
    try {
      const token = (await signUp(offline, 'offline@example.com')).access_token;
      await setPlan(offline.app, 'offline@example.com', 'starter');
      const { state } = (await get(offline.app, '/auth/github/authorize-url', token)).json();
      const res = await post(offline.app, '/auth/github/connect', { code: 'x', state }, token);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('GITHUB_UNAVAILABLE');
    } finally {
      await offline.app.close();
    }
  });

  it('disconnects only on confirm: true, and asks GitHub to revoke the token', async () => {
    const token = await proUser();
    await connectAccount(t.app, token, github, 'octo', GITHUB_TOKEN);
    for (const body of [{}, { confirm: false }, { confirm: 'true' }, { confirm: 1 }]) {
      const refused = await post(t.app, '/auth/github/disconnect', body, token);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().detail).toBe('Send {"confirm": true} to disconnect GitHub.');
    }
    expect((await get(t.app, '/auth/me', token)).json().github_connected).toBe(true);

    const res = await post(t.app, '/auth/github/disconnect', { confirm: true }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'GitHub account disconnected successfully.' });
    expect(github.revoked).toContain(GITHUB_TOKEN);
    expect((await get(t.app, '/auth/me', token)).json()).toMatchObject({
      github_connected: false,
      github_username: null,
    });
    const again = await post(t.app, '/auth/github/disconnect', { confirm: true }, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('GITHUB_NOT_CONNECTED');
  });

  it('needs a signed-in user on a paid plan', async () => {
    expect((await get(t.app, '/auth/github/authorize-url')).statusCode).toBe(401);
    expect((await post(t.app, '/auth/github/connect', { code: 'a', state: 'b' })).statusCode).toBe(
      401,
    );
    const { access_token } = await signUp(t, 'free@example.com');
    const res = await get(t.app, '/auth/github/authorize-url', access_token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'UPGRADE_REQUIRED',
      detail: expect.stringContaining('Pro and Enterprise users'),
    });
  });

  it('validates the connect body', async () => {
    const token = await proUser();
    const missing = await post(t.app, '/auth/github/connect', { state: 'x' }, token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('code is required');
    const extra = await post(t.app, '/auth/github/connect', { code: 'a', state: 'b', x: 1 }, token);
    expect(extra.statusCode).toBe(400);
  });
});

describe('GitHub connection without an OAuth app', () => {
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

  it('answers 503 GITHUB_NOT_CONFIGURED', async () => {
    const { access_token } = await signUp(t, 'dev@example.com');
    await setPlan(t.app, 'dev@example.com', 'pro');
    const res = await get(t.app, '/auth/github/authorize-url', access_token);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'GITHUB_NOT_CONFIGURED',
      detail: expect.stringContaining('GITHUB_CLIENT_ID'),
    });
    const connect = await post(
      t.app,
      '/auth/github/connect',
      { code: 'a', state: 'b' },
      access_token,
    );
    expect(connect.statusCode).toBe(503);
  });
});
