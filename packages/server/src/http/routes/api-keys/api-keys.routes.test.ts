import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { authenticateApiKey } from '../../../services/api-keys.service.js';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';
import { assemble, buildZip, readZip, waitForJob } from '../../../../test/test-support/jobs.js';
import {
  expectNoSecrets,
  get,
  post,
  signUp,
  type TestApp,
} from '../../../../test/test-support/test-app.js';

const SOURCE = {
  'src/index.ts': 'export const answer = 42;\n',
  'README.md': '# Demo\n\nA small project.\n',
};

function call(t: TestApp, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, token: string) {
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
}

async function createKey(
  t: TestApp,
  session: string,
  body: Record<string, unknown>,
): Promise<{ id: string; key: string }> {
  const res = await post(t.app, '/api/keys', body, session);
  if (res.statusCode !== 201) throw new Error(`create key: ${res.body}`);
  return res.json<{ id: string; key: string }>();
}

describeWithApp('personal API keys', { env: { API_KEY_RATE_LIMIT: '30' } }, (t) => {
  it('creates a key shown once, lists it without the secret, records its use and revokes it', async () => {
    const { access_token: session } = await signUp(t, 'keys@example.com');
    const created = await post(
      t.app,
      '/api/keys',
      { name: 'CI', scope: 'read', expires_in_days: 30 },
      session,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const body = created.json<Record<string, string | null>>();
    expect(body).toMatchObject({ name: 'CI', scope: 'read', last_used_at: null });
    expect(body.key).toMatch(/^rbk_[A-Za-z0-9_-]{43}$/);
    expect(body.prefix).toBe(body.key!.slice(0, 10));
    const lifetime = Date.parse(body.expires_at!) - Date.parse(body.created_at!);
    expect(lifetime).toBe(30 * 86_400_000);

    const listed = await get(t.app, '/api/keys', session);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().keys).toEqual([
      {
        id: body.id,
        name: 'CI',
        scope: 'read',
        prefix: body.prefix,
        created_at: body.created_at,
        expires_at: body.expires_at,
        last_used_at: null,
      },
    ]);
    expectNoSecrets(listed, [body.key!, body.key!.slice(10)]);
    const stored = await sql<{ key_hash: string }>`select key_hash from api_keys`.execute(
      t.database.handle.db,
    );
    expect(stored.rows[0]!.key_hash).not.toContain(body.key!.slice(4));

    const me = await get(t.app, '/auth/me', body.key!);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().email).toBe('keys@example.com');
    const used = (await get(t.app, '/api/keys', session)).json().keys[0];
    expect(Date.parse(used.last_used_at)).toBeGreaterThanOrEqual(Date.parse(body.created_at!));

    const revoked = await call(t, 'DELETE', `/api/keys/${body.id}`, session);
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    const after = await get(t.app, '/auth/me', body.key!);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'INVALID_API_KEY' });
    expect(after.json().detail).toMatch(/revoked/);
    expect((await get(t.app, '/api/keys', session)).json().keys).toEqual([]);
    const again = await call(t, 'DELETE', `/api/keys/${body.id}`, session);
    expect(again.statusCode).toBe(404);
  });

  it('refuses bad requests with a detail that names the field', async () => {
    const { access_token: session } = await signUp(t, 'bad@example.com');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ scope: 'read' }, /name/],
      [{ name: '   ', scope: 'read' }, /name/],
      [{ name: 'x', scope: 'admin' }, /scope must be one of: read, jobs/],
      [{ name: 'x', scope: 'read', expires_in_days: 0 }, /expires_in_days/],
      [{ name: 'x', scope: 'read', expires_in_days: 1.5 }, /expires_in_days/],
      [{ name: 'x', scope: 'read', owner: 'someone' }, /owner/],
    ];
    for (const [payload, detail] of cases) {
      const res = await post(t.app, '/api/keys', payload, session);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
    const notAnId = await call(t, 'DELETE', '/api/keys/not-a-key', session);
    expect(notAnId.statusCode).toBe(404);
  });

  it('a key never reaches account, key or payment calls', async () => {
    const { access_token: session } = await signUp(t, 'scope@example.com');
    const { key } = await createKey(t, session, { name: 'all', scope: 'jobs' });
    for (const [method, url] of [
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['DELETE', '/api/keys/00000000-0000-0000-0000-000000000000'],
      ['GET', '/auth/settings'],
      ['PUT', '/auth/settings'],
      ['POST', '/auth/change-password'],
      ['POST', '/auth/change-email'],
      ['GET', '/payments/subscription'],
      ['GET', '/payments/transactions'],
      ['POST', '/payments/checkout'],
      ['GET', '/auth/github/authorize-url'],
    ] as const) {
      const res = await call(t, method, url, key);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('API_KEY_NOT_ALLOWED');
    }
  });

  it('a read key reads jobs but cannot create or delete them', async () => {
    const { access_token: session } = await signUp(t, 'reader@example.com');
    const { key } = await createKey(t, session, { name: 'reader', scope: 'read' });
    expect((await get(t.app, '/api/jobs', key)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/jobs/assemble'],
      ['POST', '/api/jobs/chunk'],
      ['POST', '/api/jobs/upload-stream?upload_id=u&file_name=a.zip'],
      ['POST', '/api/jobs/from-github'],
      ['POST', '/api/jobs/from-archive'],
      ['DELETE', '/api/jobs/00000000-0000-0000-0000-000000000000?confirmation_digits=00000'],
    ] as const) {
      const res = await call(t, method, url, key);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
      expect(res.json().detail).toMatch(/read scope.*jobs scope/);
    }
  });

  it('an unknown or expired key is 401 with the reason', async () => {
    const { access_token: session } = await signUp(t, 'expiry@example.com');
    const { key, id } = await createKey(t, session, {
      name: 'short',
      scope: 'read',
      expires_in_days: 1,
    });
    expect((await get(t.app, '/api/jobs', key)).statusCode).toBe(200);
    await sql`update api_keys set expires_at = now() - interval '1 minute' where id = ${id}`.execute(
      t.database.handle.db,
    );
    const expired = await get(t.app, '/api/jobs', key);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'INVALID_API_KEY' });
    expect(expired.json().detail).toMatch(/expired on \d{4}-/);
    const unknown = await get(t.app, '/api/jobs', `rbk_${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('INVALID_API_KEY');
  });

  it('limits each key to its requests per minute, apart from other keys', async () => {
    const { access_token: session } = await signUp(t, 'busy@example.com');
    const busy = await createKey(t, session, { name: 'busy', scope: 'read' });
    const calm = await createKey(t, session, { name: 'calm', scope: 'read' });
    for (let i = 0; i < 30; i++) {
      expect((await get(t.app, '/api/jobs', busy.key)).statusCode).toBe(200);
    }
    const limited = await get(t.app, '/auth/me', busy.key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().detail).toMatch(/more than 30 requests in a minute/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(t.app, '/api/jobs', calm.key)).statusCode).toBe(200);
    expect((await get(t.app, '/api/jobs', session)).statusCode).toBe(200);
  });

  it('caps the keys one account may hold', async () => {
    const { access_token: session } = await signUp(t, 'many@example.com');
    for (let i = 0; i < 50; i++) await createKey(t, session, { name: `k${i}`, scope: 'read' });
    const res = await post(t.app, '/api/keys', { name: 'one more', scope: 'read' }, session);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_API_KEYS' });
  });

  it("another user's key cannot be listed or revoked", async () => {
    const owner = await signUp(t, 'owner@example.com');
    const other = await signUp(t, 'other@example.com');
    const { id, key } = await createKey(t, owner.access_token, { name: 'mine', scope: 'read' });
    expect((await get(t.app, '/api/keys', other.access_token)).json().keys).toEqual([]);
    const res = await call(t, 'DELETE', `/api/keys/${id}`, other.access_token);
    expect(res.statusCode).toBe(404);
    expect((await get(t.app, '/auth/me', key)).statusCode).toBe(200);
  });

  it('authenticateApiKey gives the user and key of a live key, and null otherwise', async () => {
    const { access_token: session } = await signUp(t, 'mcp@example.com');
    const { id, key } = await createKey(t, session, { name: 'mcp', scope: 'jobs' });
    const found = await authenticateApiKey(t.app.services, `Bearer ${key}`);
    expect(found?.user.email).toBe('mcp@example.com');
    expect(found?.key).toMatchObject({ id, scope: 'jobs' });
    expect(await authenticateApiKey(t.app.services, undefined)).toBeNull();
    expect(await authenticateApiKey(t.app.services, `Bearer ${session}`)).toBeNull();
    await call(t, 'DELETE', `/api/keys/${id}`, session);
    expect(await authenticateApiKey(t.app.services, `Bearer ${key}`)).toBeNull();
  });
});

describeWithApp(
  'a job made with an API key only',
  { worker: true, resetBetweenTests: false },
  (t) => {
    it('uploads, assembles, waits for and downloads a job with a jobs key', async () => {
      const { access_token: session } = await signUp(t, 'program@example.com');
      const { key } = await createKey(t, session, { name: 'program', scope: 'jobs' });
      const archive = await buildZip(SOURCE);
      const stored = await t.app.inject({
        method: 'POST',
        url: '/api/jobs/upload-stream?upload_id=prog-1&file_name=repo.zip',
        payload: archive,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/zip' },
      });
      expect(stored.statusCode, stored.body).toBe(200);
      const created = await assemble(t.app, key, 'prog-1', { selected: Object.keys(SOURCE) });
      expect(created.statusCode, created.body).toBe(200);
      const job = await waitForJob(t.app, key, created.json().job_id);
      expect(job.status).toBe('succeeded');
      const download = await get(t.app, `/api/jobs/${String(job.id)}/download`, key);
      expect(download.statusCode).toBe(200);
      const files = await readZip(download.rawPayload);
      expect(Object.values(files).join('\n')).toContain('export const answer = 42;');
    });
  },
);
