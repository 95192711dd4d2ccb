import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../../jobs/worker.js';
import { buildZip } from '../../../../test/test-support/jobs.js';
import { openApiPath } from '../../../../test/test-support/response-contract.js';
import {
  codeIn,
  createTestApp,
  lastMailTo,
  STRONG_PASSWORD,
  type TestApp,
} from '../../../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../../test/test-support/test-database.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface MediaObject {
  schema?: Record<string, unknown>;
}
interface Document {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, MediaObject> }> }>
  >;
  components: { schemas: Record<string, unknown> };
}

/** Files of the reference page's renderer: static assets, not API calls. */
const NOT_API = ['/docs/api/assets/*', '/docs/api/start.js'];
const isApiRoute = (method: string, url: string) =>
  method !== 'HEAD' && method !== 'OPTIONS' && !NOT_API.includes(url);

describe.each(databaseKinds())('the OpenAPI document on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let worker: RunningWorker;
  let document: Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validators = new Map<string, ValidateFunction>();
  const checked = new Set<string>();
  const registered: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database, {
      onRoute: (method, url) => {
        if (isApiRoute(method, url)) registered.push(`${method} ${url}`);
      },
    });
    worker = await startWorker(t.app.services);
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    // The error schema every error answer refers to, reachable as components#/schemas/Error.
    ajv.addSchema({ $id: 'components', ...document.components });
  });
  afterAll(async () => {
    await worker.stop();
    await t.app.close();
    await database.destroy();
  });

  /** The document's operation for a request path, by matching its path templates. */
  function findOperation(method: Method, url: string) {
    const path = url.split('?')[0]!;
    for (const [template, operations] of Object.entries(document.paths)) {
      const pattern = new RegExp(
        `^${template.replace(/\{path\}/g, '.+').replace(/\{[^}]+\}/g, '[^/]+')}$`,
      );
      const operation = operations[method.toLowerCase()];
      if (operation && pattern.test(path)) return { template, operation };
    }
    throw new Error(`${method} ${path} is not in the document`);
  }

  /** Calls the app and checks the answer against the document: its status and its body. */
  async function call(
    method: Method,
    url: string,
    options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
  ) {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.payload === undefined
        ? {}
        : { payload: options.payload as Record<string, unknown> }),
    });
    await t.app.services.background.idle();
    const { template, operation } = findOperation(method, url);
    const described = operation.responses[String(res.statusCode)];
    expect(
      described,
      `${method} ${template} answered ${res.statusCode}: ${res.body}`,
    ).toBeDefined();
    const json = described!.content?.['application/json']?.schema;
    if (json) {
      const key = `${method} ${template} ${res.statusCode}`;
      let validate = validators.get(key);
      if (!validate) {
        const schema = JSON.parse(
          JSON.stringify(json).replaceAll('"#/components/schemas/', '"components#/schemas/'),
        ) as Record<string, unknown>;
        validate = ajv.compile(schema);
        validators.set(key, validate);
      }
      expect(validate(res.json()), `${key}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      checked.add(key);
    }
    return res;
  }

  it('is OpenAPI 3.1 and lists every route the app registered', () => {
    expect(document.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const routes = [...new Set(registered)].sort();
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((route) => {
      const [method, path] = route.split(' ');
      return !documented.has(`${method} ${openApiPath(path!)}`);
    });
    expect(missing).toEqual([]);
    // And nothing documented that the app does not answer.
    const answered = new Set(
      routes.map((route) => {
        const [method, path] = route.split(' ');
        return `${method} ${openApiPath(path!)}`;
      }),
    );
    // The webhook is registered only when Stripe is configured (not in these tests).
    expect([...documented].filter((operation) => !answered.has(operation))).toEqual([
      'POST /payments/webhook',
    ]);
  });

  it('every schema in it compiles as JSON Schema 2020-12', () => {
    let count = 0;
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) {
        for (const response of Object.values(operation.responses)) {
          const schema = response.content?.['application/json']?.schema;
          if (!schema || '$ref' in schema) continue;
          ajv.compile(schema);
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(60);
  });

  it('the answers of a whole program session validate against it', async () => {
    for (const url of [
      '/healthz',
      '/api/status',
      '/payments/plans',
      '/payments/token-packs',
      '/api/waitlist/count',
      '/api/openapi.json',
    ]) {
      expect((await call('GET', url)).statusCode).toBe(200);
    }
    const email = 'openapi@example.com';
    expect((await call('POST', '/api/waitlist/', { payload: { email } })).statusCode).toBe(201);
    const registered = await call('POST', '/auth/register', {
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(registered.statusCode).toBe(201);
    const wrong = await call('POST', '/auth/verify', {
      payload: { email, verification_code: 'ZZZZZZ' },
    });
    expect(wrong.statusCode).toBe(400);
    const verified = await call('POST', '/auth/verify', {
      payload: { email, verification_code: codeIn(lastMailTo(t.mail, email)) },
    });
    expect(verified.statusCode).toBe(200);
    const login = await call('POST', '/auth/login', {
      payload: { email, password: STRONG_PASSWORD },
    });
    const session: string = login.json().access_token;
    expect((await call('GET', '/auth/me', { token: session })).statusCode).toBe(200);
    expect((await call('GET', '/auth/settings', { token: session })).statusCode).toBe(200);
    expect((await call('GET', '/payments/transactions', { token: session })).statusCode).toBe(200);
    expect((await call('GET', '/api/keys')).statusCode).toBe(401);
    const badKey = await call('POST', '/api/keys', { token: session, payload: { name: 'x' } });
    expect(badKey.statusCode).toBe(400);
    const created = await call('POST', '/api/keys', {
      token: session,
      payload: { name: 'docs', scope: 'jobs', expires_in_days: 7 },
    });
    expect(created.statusCode).toBe(201);
    const key: string = created.json().key;
    expect((await call('GET', '/api/keys', { token: session })).statusCode).toBe(200);

    // From here on only the key, as a program would.
    expect((await call('GET', '/auth/me', { token: key })).statusCode).toBe(200);
    expect((await call('GET', '/payments/subscription', { token: key })).statusCode).toBe(403);
    const job = await call('POST', '/api/jobs/from-archive?output_format=md', {
      token: key,
      payload: await buildZip({ 'src/a.ts': 'export const a = 1;\n', 'README.md': '# A\n' }),
      headers: { 'content-type': 'application/zip' },
    });
    expect(job.statusCode).toBe(201);
    const jobId: string = job.json().job_id;
    const notZip = await call('POST', '/api/jobs/from-archive', {
      token: key,
      payload: Buffer.from('not a zip'),
      headers: { 'content-type': 'application/zip' },
    });
    expect(notZip.statusCode).toBe(422);
    const done = await call('GET', `/api/jobs/${jobId}?wait=30`, { token: key });
    expect(done.json().status).toBe('succeeded');
    expect((await call('GET', `/api/jobs/${jobId}?wait=99`, { token: key })).statusCode).toBe(400);
    expect((await call('GET', '/api/jobs', { token: key })).statusCode).toBe(200);
    const files = await call('GET', `/api/jobs/${jobId}/files`, { token: key });
    const first: string = files.json().files[0].path;
    expect(
      (await call('GET', `/api/jobs/${jobId}/files/${first}`, { token: key })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/jobs/${jobId}/download`, { token: key })).statusCode).toBe(200);
    expect(
      (await call('GET', `/api/jobs/${jobId}/chunking-analytics`, { token: key })).statusCode,
    ).toBe(200);
    const unknownJob = await call('GET', '/api/jobs/00000000-0000-0000-0000-000000000000', {
      token: key,
    });
    expect(unknownJob.statusCode).toBe(404);
    const deleted = await call(
      'DELETE',
      `/api/jobs/${jobId}?confirmation_digits=${jobId.slice(-5)}`,
      {
        token: key,
      },
    );
    expect(deleted.statusCode).toBe(200);

    const keyId: string = created.json().id;
    expect((await call('DELETE', `/api/keys/${keyId}`, { token: session })).statusCode).toBe(204);
    expect((await call('GET', '/auth/me', { token: key })).statusCode).toBe(401);
    expect(checked.size).toBeGreaterThan(25);
  });
});
