import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../../jobs/worker.js';
import {
  createTestApp,
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
import {
  createGitFixtures,
  startGitDaemon,
  type GitDaemon,
  type GitFixtures,
} from '../../../services/github/test-support/git-fixtures.js';
import { connectAccount, setPlan } from '../../../services/github/test-support/github-session.js';

// The SDK's own Streamable HTTP client against the app listening on a loopback port, with a
// worker in the process: jobs made through MCP run on the real queue and charge real credits.

const BIG_LINES = 1_500;
const WIDGETS = {
  'README.md': '# Widgets\n\nSmall widgets.\n',
  'src/index.ts': 'export const answer = 42;\n',
  'src/big.ts': Array.from({ length: BIG_LINES }, (_, i) => `export const value${i} = ${i};`).join(
    '\n',
  ),
  'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]),
};
const TOOLS = [
  'get_job',
  'grep_output_files',
  'list_output_files',
  'pack_repository',
  'read_output_file',
];

let fixtures: GitFixtures;
let daemon: GitDaemon;
let github: FakeGithub;

beforeAll(async () => {
  fixtures = createGitFixtures();
  fixtures.createRepository('acme', 'widgets', { files: WIDGETS });
  daemon = await startGitDaemon(fixtures.root);
  github = await startFakeGithub();
}, 120_000);

afterAll(async () => {
  await daemon?.stop();
  await github?.stop();
  fixtures?.remove();
});

function textOf(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error(`expected text, got ${JSON.stringify(first)}`);
  return first.text;
}

describe.each(databaseKinds())('the hosted MCP endpoint on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let worker: RunningWorker;
  let endpoint: URL;
  const clients: Client[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database, {
      env: {
        GITHUB_CLIENT_ID: github.clientId,
        GITHUB_CLIENT_SECRET: github.clientSecret,
        GITHUB_OAUTH_URL: github.oauthUrl,
        GITHUB_API_URL: github.apiUrl,
        GIT_CLONE_URL: daemon.cloneUrl,
      },
    });
    worker = await startWorker(t.app.services);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    endpoint = new URL(`http://127.0.0.1:${port}/mcp`);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await worker.stop();
    await t.app.close();
    await database.destroy();
  });
  beforeEach(() => database.reset());

  /** A user (Pro with GitHub connected unless told otherwise) and a key of that scope. */
  async function keyFor(
    email: string,
    scope: 'read' | 'jobs',
    { plan = 'pro', connect = true }: { plan?: string; connect?: boolean } = {},
  ): Promise<{ key: string; session: string }> {
    const { access_token: session } = await signUp(t, email);
    if (plan !== 'free') await setPlan(t.app, email, plan);
    if (connect) {
      const connected = await connectAccount(t.app, session, github, 'octo', `gho_${email}`);
      expect(connected.statusCode, connected.body).toBe(200);
    }
    const created = await post(t.app, '/api/keys', { name: 'mcp', scope }, session);
    expect(created.statusCode, created.body).toBe(201);
    return { key: created.json<{ key: string }>().key, session };
  }

  async function connect(key: string): Promise<Client> {
    const client = new Client({ name: 'repobundle-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(endpoint, {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    clients.push(client);
    return client;
  }

  function call(client: Client, name: string, args: Record<string, unknown>) {
    return client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  }

  it('answers 401 without an API key, a signed-in session included', async () => {
    const message = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'curl', version: '1' },
      },
    };
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const anonymous = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify(message),
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({
      code: 'NOT_AUTHENTICATED',
      detail: expect.stringMatching(/needs a personal API key: send Authorization: Bearer rbk_/),
    });
    const { access_token } = await signUp(t, 'session@example.com');
    const session = await fetch(endpoint, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${access_token}` },
      body: JSON.stringify(message),
    });
    expect(session.status).toBe(401);
    const revoked = await fetch(endpoint, {
      method: 'POST',
      headers: { ...headers, authorization: 'Bearer rbk_not-a-real-key' },
      body: JSON.stringify(message),
    });
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ code: 'INVALID_API_KEY' });

    const client = new Client({ name: 'anonymous', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(endpoint))).rejects.toThrow(
      /needs a personal API key/,
    );
  });

  it('initializes and lists its tools', async () => {
    const { key } = await keyFor('tools@example.com', 'read');
    const stream = await fetch(endpoint, { headers: { authorization: `Bearer ${key}` } });
    expect(stream.status).toBe(405);
    expect(await stream.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    const client = await connect(key);
    expect(client.getServerVersion()?.name).toBe('repobundle');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    const pack = tools.find((tool) => tool.name === 'pack_repository');
    expect(pack?.inputSchema.required).toEqual(['github_url']);
  });

  it('packs a repository as a job on the queue, charges its credits and reads its outputs', async () => {
    const { key, session } = await keyFor('pack@example.com', 'jobs');
    const before = (await get(t.app, '/auth/me', session)).json<{ monthly_credits: number }>();
    const client = await connect(key);
    const packed = await call(client, 'pack_repository', {
      github_url: 'https://github.com/acme/widgets',
      output_format: 'md',
    });
    expect(packed.isError, textOf(packed)).toBeFalsy();
    const created = packed.structuredContent as { job_id: string; reserved_credits: number };
    expect(created.reserved_credits).toBe(1);
    expect(textOf(packed)).toMatch(
      /^Job [0-9a-f-]{36} is queued: 3 files, 1,504 lines, 1 credits reserved/,
    );

    const job = await call(client, 'get_job', { job_id: created.job_id, wait_seconds: 45 });
    expect(job.isError, textOf(job)).toBeFalsy();
    expect(job.structuredContent).toMatchObject({
      status: 'succeeded',
      actual_credits: 1,
      statistics: { files: 3, skipped_files: 1 },
    });
    expect(textOf(job)).toMatch(/^Job .* \(acme\/widgets@main\): succeeded/);
    const after = (await get(t.app, '/auth/me', session)).json<{ monthly_credits: number }>();
    expect(after.monthly_credits).toBe(before.monthly_credits - 1);

    const listed = await call(client, 'list_output_files', { job_id: created.job_id });
    const files = (listed.structuredContent as { files: { path: string }[] }).files;
    expect(files.map((file) => file.path)).toEqual(['overview.md', 'chunks/chunk-0001.md']);

    // The chunk over several pages: put together, they are the file the HTTP API returns.
    const whole = await get(t.app, `/api/jobs/${created.job_id}/files/chunks/chunk-0001.md`, key);
    const content = whole.json<{ content: string }>().content;
    const first = await call(client, 'read_output_file', {
      job_id: created.job_id,
      path: 'chunks/chunk-0001.md',
    });
    const pages = Number(/Page 1 of (\d+)/.exec(textOf(first))?.[1]);
    expect(pages).toBeGreaterThan(1);
    const bodies: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const result =
        page === 1
          ? first
          : await call(client, 'read_output_file', {
              job_id: created.job_id,
              path: 'chunks/chunk-0001.md',
              page,
            });
      const text = textOf(result);
      bodies.push(text.slice(text.indexOf('\n\n') + 2));
    }
    expect(bodies.join('')).toBe(content);
    expect(content).toContain('export const answer = 42;');

    const lines = content.split('\n');
    const at = lines.indexOf('export const answer = 42;') + 1;
    const grep = await call(client, 'grep_output_files', {
      job_id: created.job_id,
      pattern: 'ANSWER = \\d+',
      ignore_case: true,
      context_lines: 1,
    });
    expect(grep.isError, textOf(grep)).toBeFalsy();
    expect(textOf(grep)).toContain(
      `chunks/chunk-0001.md\n${at - 1}-${lines[at - 2]}\n${at}:export const answer = 42;\n${at + 1}-${lines[at]}`,
    );
    const many = await call(client, 'grep_output_files', {
      job_id: created.job_id,
      pattern: '^export const value\\d+',
      page: 3,
    });
    expect(many.structuredContent).toMatchObject({ matches: BIG_LINES, page: 3, pages: 60 });
    expect(textOf(many)).toMatch(/^1,500 matches of .* matches 51-75\. Page 3 of 60;/);
    const badPattern = await call(client, 'grep_output_files', {
      job_id: created.job_id,
      pattern: 'value(',
    });
    expect(badPattern.structuredContent).toMatchObject({ status: 400 });
    expect(textOf(badPattern)).toMatch(/is not a valid regular expression/);
  });

  it('answers a short balance with the credits figures, as a tool error', async () => {
    const client = await connect((await keyFor('short@example.com', 'jobs')).key);
    const result = await call(client, 'pack_repository', {
      github_url: 'https://github.com/acme/widgets',
      credit_type: 'purchased',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'This job requires 1 credits, but you only have 0 purchased credits available. (402 INSUFFICIENT_CREDITS)',
    );
    expect(result.structuredContent).toEqual({
      status: 402,
      code: 'INSUFFICIENT_CREDITS',
      detail: 'This job requires 1 credits, but you only have 0 purchased credits available.',
      credits_needed: 1,
      credits_available: 0,
    });
    const jobs = await get(t.app, '/api/jobs', (await signUp(t, 'other@example.com')).access_token);
    expect(jobs.json<{ jobs: unknown[] }>().jobs).toEqual([]);
  });

  it('needs the plan, the connection and the jobs scope to pack', async () => {
    const free = await connect(
      (await keyFor('free@example.com', 'jobs', { plan: 'free', connect: false })).key,
    );
    const onFree = await call(free, 'pack_repository', {
      github_url: 'https://github.com/acme/widgets',
    });
    expect(onFree.isError).toBe(true);
    expect(onFree.structuredContent).toMatchObject({ status: 403 });

    const unconnected = await connect(
      (await keyFor('loose@example.com', 'jobs', { connect: false })).key,
    );
    const notConnected = await call(unconnected, 'pack_repository', {
      github_url: 'https://github.com/acme/widgets',
    });
    expect(notConnected.structuredContent).toMatchObject({ code: 'GITHUB_NOT_CONNECTED' });

    const reader = await connect((await keyFor('reader@example.com', 'read')).key);
    const readOnly = await call(reader, 'pack_repository', {
      github_url: 'https://github.com/acme/widgets',
    });
    expect(readOnly.isError).toBe(true);
    expect(textOf(readOnly)).toMatch(
      /This API key has the read scope: pack_repository needs a key with the jobs scope/,
    );
  });

  it('answers mistakes with tool errors that say what is wrong', async () => {
    const client = await connect((await keyFor('mistakes@example.com', 'jobs')).key);
    const missing = await call(client, 'get_job', {
      job_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.structuredContent).toMatchObject({ status: 404, detail: 'Job not found.' });
    const badUrl = await call(client, 'pack_repository', { github_url: 'not a url' });
    expect(badUrl.isError).toBe(true);
    expect(badUrl.structuredContent).toMatchObject({ status: 400 });
    const badFormat = await call(client, 'pack_repository', {
      github_url: 'https://github.com/acme/widgets',
      output_format: 'pdf',
    });
    expect(badFormat.isError).toBe(true);
    expect(textOf(badFormat)).toMatch(/output_format/);

    const packed = await call(client, 'pack_repository', {
      github_url: 'https://github.com/acme/widgets',
    });
    const { job_id } = packed.structuredContent as { job_id: string };
    await call(client, 'get_job', { job_id, wait_seconds: 45 });
    const noFile = await call(client, 'read_output_file', { job_id, path: 'chunks/nope.md' });
    expect(noFile.structuredContent).toMatchObject({ status: 404 });
    const pastEnd = await call(client, 'read_output_file', {
      job_id,
      path: 'overview.md',
      page: 99,
    });
    expect(textOf(pastEnd)).toMatch(/overview\.md has 1 page; there is no page 99/);

    // Another user's job does not exist for this key.
    const stranger = await connect((await keyFor('stranger@example.com', 'read')).key);
    const foreign = await call(stranger, 'list_output_files', { job_id });
    expect(foreign.structuredContent).toMatchObject({ status: 404, detail: 'Job not found.' });
  });
});
