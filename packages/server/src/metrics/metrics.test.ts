import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config/config.js';
import { startServer } from '../start-server.js';
import { createTestApp, get, signUp, type TestApp } from '../../test/test-support/test-app.js';
import { assemble, buildZip, uploadInChunks } from '../../test/test-support/jobs.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-support/test-database.js';
import { TEST_ADMIN_TOKEN, TEST_JWT_SECRET } from '../../test/test-support/test-app.js';

describe('GET /metrics', () => {
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

  it('reports request latency by route pattern, queue depth and reserved credits', async () => {
    const { access_token: token } = await signUp(t, 'metrics@example.com');
    const upload = await uploadInChunks(
      t.app,
      token,
      await buildZip({ 'a.txt': 'x\n'.repeat(10) }),
    );
    expect((await assemble(t.app, token, upload, { selected: ['a.txt'] })).statusCode).toBe(200);
    await get(t.app, '/healthz');
    await get(t.app, '/api/jobs/00000000-0000-4000-8000-000000000000', token);
    const res = await get(t.app, '/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toContain(
      'repobundle_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"} 1',
    );
    // The route's pattern, never the id: one series per route, not per job.
    expect(text).toContain(
      'repobundle_http_request_duration_seconds_count{method="GET",route="/api/jobs/:id",status="404"} 1',
    );
    expect(text).toMatch(/^repobundle_queue_depth 1$/m);
    expect(text).toMatch(/^repobundle_credits_reserved 1$/m);
    expect(text).toMatch(/^repobundle_credits_settled 0$/m);
  });
});

describe('the worker role with HEALTH_PORT', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'repobundle-health-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves /healthz and /metrics on its own port, and no API route', async () => {
    const server = await startServer(
      readConfig({
        ROLE: 'worker',
        HEALTH_PORT: '0',
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        ADMIN_TOKEN: TEST_ADMIN_TOKEN,
        LOG_LEVEL: 'warn',
      }),
    );
    try {
      expect(server.url).toBeNull();
      const base = server.healthUrl!;
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', role: 'worker' });
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain(
        '# TYPE repobundle_job_stage_duration_seconds histogram',
      );
      const api = await fetch(`${base}/api/status`);
      expect(api.status).toBe(404);
      expect(((await api.json()) as { code: string }).code).toBe('NOT_FOUND');
    } finally {
      await server.stop();
    }
  });
});
