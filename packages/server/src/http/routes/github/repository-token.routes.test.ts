import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../../test/test-support/test-database.js';
import {
  startFakeGithub,
  type FakeGithub,
} from '../../../services/github/test-support/fake-github.js';
import {
  createGitFixtures,
  type GitFixtures,
} from '../../../services/github/test-support/git-fixtures.js';
import {
  startGitHttpServer,
  type GitHttpServer,
} from '../../../services/github/test-support/git-http-server.js';
import {
  connectAccount,
  form,
  setPlan,
} from '../../../services/github/test-support/github-session.js';

// The connected account's token on the way to an HTTP git host: git's smart HTTP (http-backend)
// behind a server that refuses any request without the account's credentials.

const TOKEN = 'gho_privateRepoToken0123456789';
const EXPECTED = `Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`;

const preview = (app: FastifyInstance, token: string) =>
  form(app, '/api/jobs/github/preview', token, { github_url: 'https://github.com/acme/private' });

let fixtures: GitFixtures;
let host: GitHttpServer;
let github: FakeGithub;

beforeAll(async () => {
  fixtures = createGitFixtures();
  fixtures.createRepository('acme', 'private', { files: { 'secret.ts': 'export {};\n' } });
  host = await startGitHttpServer(fixtures.root, EXPECTED);
  github = await startFakeGithub();
});
afterAll(async () => {
  await host?.stop();
  await github?.stop();
  fixtures?.remove();
});

describe.each(databaseKinds())('repository token over HTTP on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database, {
      env: {
        GITHUB_CLIENT_ID: github.clientId,
        GITHUB_CLIENT_SECRET: github.clientSecret,
        GITHUB_OAUTH_URL: github.oauthUrl,
        GITHUB_API_URL: github.apiUrl,
        GIT_CLONE_URL: host.cloneUrl,
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.reset();
    host.authorizations.length = 0;
  });

  async function userWith(githubToken: string) {
    const email = `u${Math.random().toString(36).slice(2)}@example.com`;
    const { access_token } = await signUp(t, email);
    await setPlan(t.app, email, 'starter');
    const connected = await connectAccount(t.app, access_token, github, 'octo', githubToken);
    expect(connected.statusCode, connected.body).toBe(200);
    return access_token;
  }

  it("clones with the connected account's token as a header", async () => {
    const res = await preview(t.app, await userWith(TOKEN));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().files.map((f: { path: string }) => f.path)).toEqual(['secret.ts']);
    expect(host.authorizations.length).toBeGreaterThan(0);
    expect(host.authorizations.every((value) => value === EXPECTED)).toBe(true);
    expect(t.logs.join('')).not.toContain(TOKEN);
  });

  it('answers 404 when the host refuses the token, without prompting', async () => {
    const res = await preview(t.app, await userWith('gho_someoneElse'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'REPOSITORY_NOT_FOUND',
      detail:
        'Repository acme/private was not found, or your connected GitHub account cannot access it.',
    });
  });
});
