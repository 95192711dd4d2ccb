import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestApp } from '../../../../test/test-support/test-app.js';
import { createStubDatabase } from '../../../../test/test-support/stub-database.js';
import type { TestDatabase } from '../../../../test/test-support/test-database.js';

describe('health, status, security and the web app', () => {
  // These calls read no data: a stub database keeps the file fast.
  const database: TestDatabase = {
    handle: createStubDatabase('empty'),
    reset: async () => {},
    destroy: async () => {},
  };
  let t: TestApp;
  let maintenance: TestApp;
  let withWeb: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database, { env: { GOOGLE_CLIENT_ID: 'client.apps.example' } });
    maintenance = await createTestApp(database, { env: { MAINTENANCE_MODE: 'on' } });
    const web = mkdtempSync(join(tmpdir(), 'repobundle-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
    withWeb = await createTestApp(database, { env: { WEB_DIST_DIR: web } });
  });
  afterAll(async () => {
    await Promise.all([t.app.close(), maintenance.app.close(), withWeb.app.close()]);
  });

  it('answers addresses the router rejects with the API error shape', async () => {
    const long = await get(t.app, `/api/jobs/${'a'.repeat(150)}`);
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({
      detail: 'Nothing exists at this address: a part of it is longer than any id.',
      code: 'NOT_FOUND',
    });
    const broken = await get(t.app, '/api/jobs/%E0%A4%A');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await get(t.app, '/healthz')).statusCode).toBe(200);
  });

  it('answers /healthz, /readyz and /api/status without authentication', async () => {
    expect((await get(t.app, '/healthz')).json()).toEqual({ status: 'ok' });
    expect((await get(t.app, '/readyz')).json()).toEqual({
      status: 'ready',
      database: 'ok',
      queue: 'ok',
      storage: 'ok',
    });
    expect((await get(t.app, '/api/status')).json()).toEqual({
      maintenance_mode: false,
      beta_gate: false,
      google_client_id: 'client.apps.example',
    });
  });

  it('answers /readyz with 503 when the database is unreachable', async () => {
    const down = await createTestApp({
      handle: createStubDatabase('unreachable'),
      reset: async () => {},
      destroy: async () => {},
    });
    const res = await get(down.app, '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      database: 'unreachable',
      queue: 'unreachable',
      storage: 'ok',
    });
    await down.app.close();
  });

  it('answers /readyz with 503 when storage is unusable', async () => {
    const broken = await createTestApp(database, {
      env: { STORAGE_URL: 's3://bucket?endpoint=http://127.0.0.1:9&region=us-east-1' },
    });
    const res = await get(broken.app, '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'unavailable',
      database: 'ok',
      storage: 'unreachable',
    });
    await broken.app.close();
  });

  it('sends a strict Content-Security-Policy and security headers', async () => {
    const res = await get(t.app, '/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(
      "script-src 'self' 'wasm-unsafe-eval' https://accounts.google.com/gsi/client",
    );
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': expect.stringContaining('max-age='),
    });
    // Every answer carries them: a route that does not exist, and an error.
    for (const other of [
      await get(t.app, '/api/no-such-route'),
      await t.app.inject({ method: 'POST', url: '/auth/login', payload: '{' }),
    ]) {
      expect(other.statusCode).toBeGreaterThanOrEqual(400);
      expect(other.headers['content-security-policy']).toBe(csp);
      expect(other.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('keeps CORS closed by default', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await get(t.app, '/api/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.', code: 'NOT_FOUND' });
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await post(t.app, '/api/waitlist/', { email: `${'a'.repeat(2_000_000)}@x.co` });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 503 MAINTENANCE on API calls in maintenance mode, status stays up', async () => {
    const res = await post(maintenance.app, '/auth/login', { email: 'a@b.co', password: 'x' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      detail: 'RepoBundle is down for maintenance. Please try again later.',
      code: 'MAINTENANCE',
    });
    expect((await get(maintenance.app, '/api/status')).json().maintenance_mode).toBe(true);
    expect((await get(maintenance.app, '/healthz')).statusCode).toBe(200);
  });

  it('serves the built web app with a history fallback, API paths stay JSON', async () => {
    for (const accept of ['text/html', '*/*']) {
      const landing = await withWeb.app.inject({ method: 'GET', url: '/', headers: { accept } });
      expect(landing.statusCode).toBe(200);
      expect(landing.body).toContain('<div id="root">');
      expect(landing.headers['cache-control']).toBe('no-cache');
    }
    const page = await withWeb.app.inject({
      method: 'GET',
      url: '/dashboard?tab=1',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const authPage = await withWeb.app.inject({
      method: 'GET',
      url: '/auth',
      headers: { accept: 'text/html' },
    });
    expect(authPage.body).toContain('<div id="root">');
    const asset = await get(withWeb.app, '/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await get(withWeb.app, '/auth/me');
    expect(api.statusCode).toBe(401);
    const missingAsset = await withWeb.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: 'text/html' },
    });
    expect(missingAsset.statusCode).toBe(404);
  });
});
