import type { FastifyInstance } from 'fastify';
import { get, post, TEST_ADMIN_TOKEN } from '../../../../test/test-support/test-app.js';
import type { FakeGithub } from './fake-github.js';

/** The operator command that puts a user on a plan. */
export async function setPlan(app: FastifyInstance, email: string, plan: string): Promise<void> {
  const res = await post(
    app,
    `/admin/users/${email}/plan`,
    { plan, billing_cycle: 'monthly' },
    TEST_ADMIN_TOKEN,
  );
  if (res.statusCode !== 200) throw new Error(`plan: ${res.statusCode} ${res.body}`);
}

/** The whole OAuth round trip: authorize URL, GitHub's code, connect. */
export async function connectAccount(
  app: FastifyInstance,
  token: string,
  github: FakeGithub,
  login: string,
  githubToken: string,
) {
  const started = await get(app, '/auth/github/authorize-url', token);
  if (started.statusCode !== 200) throw new Error(`authorize-url: ${started.body}`);
  const { state } = started.json<{ state: string }>();
  const code = `code-${Math.random().toString(36).slice(2)}`;
  github.issueCode(code, githubToken, login);
  return post(app, '/auth/github/connect', { code, state }, token);
}

export type FormValue = string | string[];

/**
 * A form as a browser's FormData sends it; a list becomes the field repeated, which
 * multipartBody (test/test-support/jobs.ts) does not do.
 */
export async function form(
  app: FastifyInstance,
  url: string,
  token: string,
  fields: Record<string, FormValue>,
) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': request.headers.get('content-type') ?? '',
    },
  });
}
