import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  get,
  post,
  signUp,
  STRONG_PASSWORD,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../../test/test-support/test-database.js';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';

/** A Google look-alike: a key set served over real HTTP on loopback. */
async function startJwksServer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, privateKey, url: `http://127.0.0.1:${port}/oauth2/v3/certs` };
}

function idToken(
  key: CryptoKey,
  claims: { sub: string; email: string; email_verified?: boolean },
  audience = CLIENT_ID,
) {
  return new SignJWT({ email: claims.email, email_verified: claims.email_verified ?? true })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer('https://accounts.google.com')
    .setAudience(audience)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

describe.each(databaseKinds())('Google sign-in, beta gate and rate limits on %s', (kind) => {
  let database: TestDatabase;
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  let t: TestApp;
  let gated: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    jwks = await startJwksServer();
    const google = { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwks.url };
    t = await createTestApp(database, { env: google });
    gated = await createTestApp(database, { env: { ...google, BETA_GATE: 'on' } });
    plain = await createTestApp(database, { env: { AUTH_RATE_LIMIT: '3' } });
  });
  afterAll(async () => {
    await Promise.all([t.app.close(), gated.app.close(), plain.app.close()]);
    jwks.server.close();
    await database.destroy();
  });
  beforeEach(() => database.reset());

  it('creates a Google-only account, then signs it in again', async () => {
    const credential = await idToken(jwks.privateKey, { sub: 'g-1', email: 'G@Example.com' });
    const first = await post(t.app, '/auth/google', { credential });
    expect(first.statusCode).toBe(200);
    expect(first.json().is_new_user).toBe(true);
    const me = (await get(t.app, '/auth/me', first.json().access_token)).json();
    expect(me).toMatchObject({ email: 'g@example.com', is_oauth_only: true, is_verified: true });
    const second = await post(t.app, '/auth/google', { credential });
    expect(second.json().is_new_user).toBe(false);

    const token = first.json().access_token;
    const password = await post(
      t.app,
      '/auth/change-password',
      { current_password: 'x', new_password: STRONG_PASSWORD },
      token,
    );
    expect(password.statusCode).toBe(403);
    expect(password.json().code).toBe('OAUTH_ONLY_ACCOUNT');
    const email = await post(
      t.app,
      '/auth/change-email',
      { current_password: 'x', new_email: 'n@example.com' },
      token,
    );
    expect(email.json().code).toBe('OAUTH_ONLY_ACCOUNT');
    const login = await post(t.app, '/auth/login', { email: 'g@example.com', password: 'x' });
    expect(login.statusCode).toBe(401);
  });

  it('links Google to an existing password account with the same e-mail', async () => {
    await signUp(t, 'both@example.com');
    const credential = await idToken(jwks.privateKey, { sub: 'g-2', email: 'both@example.com' });
    const res = await post(t.app, '/auth/google', { credential });
    expect(res.json().is_new_user).toBe(false);
    const me = (await get(t.app, '/auth/me', res.json().access_token)).json();
    expect(me.is_oauth_only).toBe(false);
  });

  it('drops an unverified password when Google proves the address', async () => {
    await post(t.app, '/auth/register', { email: 'pre@example.com', password: STRONG_PASSWORD });
    const credential = await idToken(jwks.privateKey, { sub: 'g-4', email: 'pre@example.com' });
    const res = await post(t.app, '/auth/google', { credential });
    expect(res.statusCode).toBe(200);
    const me = (await get(t.app, '/auth/me', res.json().access_token)).json();
    expect(me).toMatchObject({ is_oauth_only: true, is_verified: true });
    const login = await post(t.app, '/auth/login', {
      email: 'pre@example.com',
      password: STRONG_PASSWORD,
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses tokens for another audience, unverified e-mails and foreign keys', async () => {
    const otherAudience = await idToken(jwks.privateKey, { sub: 'g', email: 'a@b.co' }, 'other');
    const res = await post(t.app, '/auth/google', { credential: otherAudience });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_GOOGLE_TOKEN');
    const unverified = await idToken(jwks.privateKey, {
      sub: 'g',
      email: 'a@b.co',
      email_verified: false,
    });
    expect((await post(t.app, '/auth/google', { credential: unverified })).statusCode).toBe(401);
    const { privateKey: foreign } = await generateKeyPair('RS256');
    const forged = await idToken(foreign, { sub: 'g', email: 'a@b.co' });
    expect((await post(t.app, '/auth/google', { credential: forged })).statusCode).toBe(401);
  });

  it('answers a clear 400 when Google sign-in is not configured', async () => {
    const res = await post(plain.app, '/auth/google', { credential: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Google sign-in is not enabled on this server.',
      code: 'GOOGLE_NOT_CONFIGURED',
    });
  });

  it('beta gate: unapproved e-mails get 403 WAITLIST_REQUIRED until approved', async () => {
    const register = await post(gated.app, '/auth/register', {
      email: 'beta@example.com',
      password: STRONG_PASSWORD,
    });
    expect(register.statusCode).toBe(403);
    expect(register.json()).toEqual({ detail: 'WAITLIST_REQUIRED', code: 'WAITLIST_REQUIRED' });
    const credential = await idToken(jwks.privateKey, { sub: 'g-3', email: 'beta@example.com' });
    const google = await post(gated.app, '/auth/google', { credential });
    expect(google.statusCode).toBe(403);
    expect(google.json().code).toBe('WAITLIST_REQUIRED');

    const approve = await gated.app.inject({
      method: 'POST',
      url: '/admin/users/Beta@example.com/approve',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    expect(approve.json()).toEqual({ email: 'beta@example.com', approved: true });
    const after = await post(gated.app, '/auth/register', {
      email: 'beta@example.com',
      password: STRONG_PASSWORD,
    });
    expect(after.statusCode).toBe(201);
    expect((await get(gated.app, '/api/status')).json().beta_gate).toBe(true);
  });

  it('rate limits each auth route per client address', async () => {
    const attempt = () =>
      post(plain.app, '/auth/login', { email: 'rl@example.com', password: 'x' });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    const otherRoute = await post(plain.app, '/auth/forgot-password', { email: 'rl@example.com' });
    expect(otherRoute.statusCode).toBe(200);
  });
});
