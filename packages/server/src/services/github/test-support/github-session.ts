import type { FastifyInstance } from 'fastify';
import { get, post, TEST_ADMIN_TOKEN } from '../../../../test/support/test-app.js';
import type { FakeGithub } from './fake-github.js';

/** The operator command that puts a user on a plan (DESIGN 4.1.1). */
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
