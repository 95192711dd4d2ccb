import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../../jobs/worker.js';
import { readZip, waitForJob } from '../../../../test/test-support/jobs.js';
import {
  createTestApp,
  get,
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
import {
  connectAccount,
  form,
  setPlan,
  type FormValue,
} from '../../../services/github/test-support/github-session.js';

// Real git end to end: repositories made with git, served by `git daemon` on loopback, fetched by
// the server through GIT_CLONE_URL; GitHub's OAuth and API faked on loopback.

const WIDGETS = {
  'README.md': '# Widgets\n\nSmall widgets.\n',
  'src/index.ts': 'export const answer = 42;\n// the answer\n',
  'src/util/math.ts': 'export function add(a: number, b: number) {\n  return a + b;\n}\n',
  'src/version.ts': 'export const commit = "$Format:%H$";\n',
  'docs/guide.md': '# Guide\n\nRead me second.\n',
  '.gitattributes': 'docs/guide.md export-ignore\nsrc/version.ts export-subst\n',
  'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]),
  'link-to-readme': { link: 'README.md' },
};
const WIDGET_FILES = Object.keys(WIDGETS)
  .filter((path) => path !== 'link-to-readme')
  .sort();
const BIG_FILES = 10_005;
/** Changed by 2, 1, 4 and 1 commits: sorted by changes, b and d (by path), then a, then c. */
const HISTORY_FIRST = {
  'a.md': 'alpha 0\n',
  'b.md': 'bravo 0\n',
  'c.md': 'charlie 0\n',
  'd.md': 'delta 0\n',
};
const HISTORY_LATER: Record<string, string>[] = [
  { 'c.md': 'charlie 1\n' },
  { 'c.md': 'charlie 2\n', 'a.md': 'alpha 2\n' },
  { 'c.md': 'charlie 3\n' },
];

let fixtures: GitFixtures;
let daemon: GitDaemon;
let github: FakeGithub;
let firstCommit: string;
let historyHead: string;

beforeAll(async () => {
  fixtures = createGitFixtures();
  firstCommit = fixtures.createRepository('acme', 'widgets', {
    files: WIDGETS,
    branches: { 'feature/x': { 'src/feature.ts': 'export const feature = true;\n' } },
  });
  fixtures.createRepository('acme', 'legacy', {
    files: { 'main.py': 'print("hi")\n' },
    defaultBranch: 'master',
  });
  fixtures.createRepository('acme', 'history', { files: HISTORY_FIRST, history: HISTORY_LATER });
  historyHead = fixtures.git(['rev-parse', 'main'], join(fixtures.root, 'acme', 'history.git'));
  const big: Record<string, string> = {};
  for (let i = 0; i < BIG_FILES; i++) big[`f/${String(i).padStart(5, '0')}.txt`] = `${i}\n`;
  fixtures.createRepository('acme', 'big', { files: big });
  daemon = await startGitDaemon(fixtures.root);
  github = await startFakeGithub();
  github.repositories.set('acme/widgets', { description: 'Small widgets', language: 'TypeScript' });
}, 120_000);

afterAll(async () => {
  await daemon?.stop();
  await github?.stop();
  fixtures?.remove();
});

describe.each(databaseKinds())('repository calls on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let worker: RunningWorker;

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
  });
  afterAll(async () => {
    await worker.stop();
    await t.app.close();
    await database.destroy();
  });
  beforeEach(() => database.reset());

  /** A Pro user with GitHub connected. */
  async function connectedUser(email = 'dev@example.com') {
    const { access_token } = await signUp(t, email);
    await setPlan(t.app, email, 'pro');
    const connected = await connectAccount(t.app, access_token, github, 'octo', `gho_${email}`);
    expect(connected.statusCode, connected.body).toBe(200);
    return access_token;
  }

  const checkoutsLeft = () => {
    const dir = join(t.config.dataDir, 'tmp', 'git');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('needs a paid plan, then a connected account', async () => {
    const { access_token: free } = await signUp(t, 'free@example.com');
    const fields = {
      github_url: 'https://github.com/acme/widgets',
      selected: 'README.md',
      output_format: 'md',
    };
    for (const path of ['preview', 'download-zip', 'file-content']) {
      const res = await form(t.app, `/api/jobs/github/${path}`, free, {
        ...fields,
        file_path: 'README.md',
      });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'UPGRADE_REQUIRED',
        detail: expect.stringContaining('Pro and Enterprise users'),
      });
    }
    const job = await form(t.app, '/api/jobs/from-github', free, fields);
    expect(job.statusCode).toBe(403);
    expect(job.json().code).toBe('UPGRADE_REQUIRED');

    await setPlan(t.app, 'free@example.com', 'starter');
    const unconnected = await form(t.app, '/api/jobs/github/preview', free, fields);
    expect(unconnected.statusCode).toBe(403);
    expect(unconnected.json()).toMatchObject({
      code: 'GITHUB_NOT_CONNECTED',
      detail: expect.stringContaining('Connect GitHub Account Required'),
    });
    expect((await form(t.app, '/api/jobs/github/preview', '', fields)).statusCode).toBe(401);
  });

  it('previews the files of a branch with sizes, without links, from GIT_CLONE_URL only', async () => {
    const token = await connectedUser();
    const res = await form(t.app, '/api/jobs/github/preview', token, {
      github_url: 'https://github.com/acme/widgets',
      branch: 'main',
      include_content: 'true',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total_files).toBe(WIDGET_FILES.length);
    expect(body.truncated).toBe(false);
    expect(body.files.map((f: { path: string }) => f.path).sort()).toEqual(WIDGET_FILES);
    expect(body.files.find((f: { path: string }) => f.path === 'README.md')).toEqual({
      path: 'README.md',
      size: WIDGETS['README.md'].length,
      type: 'file',
      contentAvailable: true,
      githubUrl: 'https://github.com/acme/widgets',
      branch: 'main',
    });
    expect(body.repo_info).toMatchObject({
      url: 'https://github.com/acme/widgets',
      owner: 'acme',
      repo: 'widgets',
      branch: 'main',
      commit: firstCommit,
      description: 'Small widgets',
      language: 'TypeScript',
      totalFiles: WIDGET_FILES.length,
      truncated: false,
    });
    const sizes = body.files.reduce((sum: number, f: { size: number }) => sum + f.size, 0);
    expect(body.repo_info.totalSize).toBe(sizes);

    const urlencoded = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/github/preview',
      payload: 'github_url=github.com%2Facme%2Fwidgets&branch=feature%2Fx',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(urlencoded.statusCode, urlencoded.body).toBe(200);
    expect(urlencoded.json().repo_info.branch).toBe('feature/x');

    // The host the user typed is shown back, never fetched: the daemon answers anyway.
    const elsewhere = await form(t.app, '/api/jobs/github/preview', token, {
      github_url: 'http://evil.example.com:8080/acme/widgets',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json().repo_info).toMatchObject({
      url: 'http://evil.example.com:8080/acme/widgets',
      commit: firstCommit,
    });
    expect(checkoutsLeft()).toEqual([]);
  });

  it('reads other branches, commits by id, and the default branch when main is missing', async () => {
    const token = await connectedUser();
    const paths = (res: { json(): { files: { path: string }[] } }) =>
      res.json().files.map((f) => f.path);
    const viaUrl = await form(t.app, '/api/jobs/github/preview', token, {
      github_url: 'https://github.com/acme/widgets/tree/feature/x',
      branch: 'main',
    });
    expect(viaUrl.statusCode, viaUrl.body).toBe(200);
    expect(paths(viaUrl)).toContain('src/feature.ts');
    expect(viaUrl.json().repo_info.branch).toBe('feature/x');

    const viaField = await form(t.app, '/api/jobs/github/preview', token, {
      github_url: 'github.com/acme/widgets',
      branch: 'feature/x',
    });
    expect(paths(viaField)).toContain('src/feature.ts');

    const byId = await form(t.app, '/api/jobs/github/preview', token, {
      github_url: `https://github.com/acme/widgets/tree/${firstCommit}`,
    });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().repo_info).toMatchObject({ branch: firstCommit, commit: firstCommit });
    expect(paths(byId)).not.toContain('src/feature.ts');

    const legacy = await form(t.app, '/api/jobs/github/preview', token, {
      github_url: 'https://github.com/acme/legacy',
      branch: 'main',
    });
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(legacy.json().repo_info).toMatchObject({ branch: 'master', description: null });
    expect(paths(legacy)).toEqual(['main.py']);

    const namedMain = await form(t.app, '/api/jobs/github/preview', token, {
      github_url: 'https://github.com/acme/legacy/tree/main',
    });
    expect(namedMain.statusCode).toBe(404);
    expect(namedMain.json()).toMatchObject({
      code: 'REPOSITORY_NOT_FOUND',
      detail: 'The branch or commit "main" was not found in acme/legacy.',
    });
    // A full id that names a file, not a commit.
    const content = WIDGETS['README.md'];
    const blobId = createHash('sha1')
      .update(`blob ${Buffer.byteLength(content)}\0${content}`)
      .digest('hex');
    const notCommit = await form(t.app, '/api/jobs/github/preview', token, {
      github_url: `https://github.com/acme/widgets/tree/${blobId}`,
    });
    expect(notCommit.statusCode, notCommit.body).toBe(404);
    expect(notCommit.json().code).toBe('REPOSITORY_NOT_FOUND');
    const noBranch = await form(t.app, '/api/jobs/github/preview', token, {
      github_url: 'https://github.com/acme/widgets',
      branch: 'nope',
    });
    expect(noBranch.statusCode).toBe(404);
    const noRepo = await form(t.app, '/api/jobs/github/preview', token, {
      github_url: 'https://github.com/acme/missing',
    });
    expect(noRepo.statusCode).toBe(404);
    expect(noRepo.json()).toMatchObject({
      code: 'REPOSITORY_NOT_FOUND',
      detail: expect.stringContaining('acme/missing was not found'),
    });
    expect(checkoutsLeft()).toEqual([]);
  });

  it('marks a preview past 10,000 files as truncated', async () => {
    const token = await connectedUser();
    const res = await form(t.app, '/api/jobs/github/preview', token, {
      github_url: 'https://github.com/acme/big',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total_files).toBe(BIG_FILES);
    expect(body.files).toHaveLength(10_000);
    expect(body.truncated).toBe(true);
    expect(body.repo_info).toMatchObject({ totalFiles: BIG_FILES, truncated: true });
  });

  it('refuses URLs, refs and paths that could reach a command line', async () => {
    const token = await connectedUser();
    const marker = join(t.config.dataDir, 'pwned');
    const cases: Array<[string, Record<string, string>, string]> = [
      [
        'preview',
        { github_url: 'github.com/acme/widgets', branch: `--upload-pack=touch ${marker}` },
        'starts with "-"',
      ],
      [
        'preview',
        { github_url: `github.com/acme/widgets/tree/--upload-pack=touch%20${marker}` },
        'starts with "-"',
      ],
      ['preview', { github_url: 'github.com/acme/widgets', branch: '../x' }, 'contains ".."'],
      [
        'preview',
        { github_url: 'github.com/../widgets' },
        'Please enter a valid GitHub repository URL',
      ],
      [
        'preview',
        { github_url: 'github.com/ac..me/widgets' },
        'Please enter a valid GitHub repository URL',
      ],
      [
        'preview',
        { github_url: 'file:///etc/passwd' },
        'Please enter a valid GitHub repository URL',
      ],
      [
        'preview',
        { github_url: 'ext::sh -c touch% /tmp/pwned' },
        'Please enter a valid GitHub repository URL',
      ],
      ['download-zip', { github_url: 'github.com/acme/widgets', branch: '-b' }, 'starts with "-"'],
      [
        'file-content',
        { github_url: 'github.com/acme/widgets', file_path: '../../etc/passwd' },
        'file_path must not contain',
      ],
      [
        'file-content',
        { github_url: 'github.com/acme/widgets', file_path: '/etc/passwd' },
        'relative',
      ],
      ['preview', { branch: 'main' }, 'github_url is required.'],
    ];
    for (const [path, fields, detail] of cases) {
      const res = await form(t.app, `/api/jobs/github/${path}`, token, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
    // An owner that looks like an option is only a path inside the clone URL.
    const optionLike = await form(t.app, '/api/jobs/github/preview', token, {
      github_url: 'github.com/--help/widgets',
    });
    expect(optionLike.statusCode).toBe(404);
    expect(existsSync(marker)).toBe(false);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/github/preview',
      payload: { github_url: 'github.com/acme/widgets' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().detail).toContain('multipart/form-data');
  });

  it('downloads the commit as a ZIP holding exactly the listed files', async () => {
    const token = await connectedUser();
    const res = await form(t.app, '/api/jobs/github/download-zip', token, {
      github_url: 'https://github.com/acme/widgets',
      branch: 'main',
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const body = res.json();
    const bytes = Buffer.from(body.zip_content, 'base64');
    expect(body.size_bytes).toBe(bytes.length);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const entries = await readZip(bytes);
    const files = Object.keys(entries)
      .filter((path) => !path.endsWith('/'))
      .sort();
    expect(files).toEqual(WIDGET_FILES);
    expect(entries['src/index.ts']).toBe(WIDGETS['src/index.ts']);
    // The repository's export attributes do not change what the preview promised.
    expect(entries['docs/guide.md']).toBe(WIDGETS['docs/guide.md']);
    expect(entries['src/version.ts']).toBe(WIDGETS['src/version.ts']);
    expect(body.metadata.repo_info).toMatchObject({
      owner: 'acme',
      repo: 'widgets',
      branch: 'main',
      description: 'Small widgets',
      language: 'TypeScript',
      totalFiles: WIDGET_FILES.length,
    });
    expect(checkoutsLeft()).toEqual([]);
  });

  it('serves one file on demand, with clear refusals', async () => {
    const token = await connectedUser();
    const read = (file_path: string, branch = 'main') =>
      form(t.app, '/api/jobs/github/file-content', token, {
        github_url: 'https://github.com/acme/widgets',
        file_path,
        branch,
      });
    const readme = await read('README.md');
    expect(readme.statusCode, readme.body).toBe(200);
    expect(readme.json()).toEqual({
      path: 'README.md',
      content: WIDGETS['README.md'],
      size_bytes: WIDGETS['README.md'].length,
    });
    const feature = await read('src/feature.ts', 'feature/x');
    expect(feature.json().content).toBe('export const feature = true;\n');

    const missing = await read('src/missing.ts');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('src/missing.ts is not in acme/widgets at main.');
    const folder = await read('src');
    expect(folder.statusCode).toBe(400);
    expect(folder.json().detail).toBe('src is a folder.');
    const link = await read('link-to-readme');
    expect(link.statusCode).toBe(400);
    const binary = await read('logo.png');
    expect(binary.statusCode).toBe(422);
    expect(binary.json().code).toBe('BINARY_FILE');
    expect(checkoutsLeft()).toEqual([]);
  });

  it('creates a job from the repository that then succeeds, like assemble', async () => {
    const token = await connectedUser();
    const created = await form(t.app, '/api/jobs/from-github', token, {
      github_url: 'https://github.com/acme/widgets',
      branch: 'main',
      selected: JSON.stringify(['src/index.ts', 'src/util/math.ts', 'README.md']),
      estimated_tokens: '1',
      output_format: 'md',
      remove_comments: 'true',
      remove_blank_lines: 'false',
      show_line_numbers: 'false',
      token_limit: '128000',
      chunking_strategy: 'fixed',
      credit_type: 'monthly',
      redact_secrets: 'false',
      use_gitignore: 'false',
      notebook_processing: 'false',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      status: 'pending',
      total_files: 3,
      line_count: 8,
      reserved_credits: 1,
    });
    const jobId = created.json().job_id as string;
    const job = await waitForJob(t.app, token, jobId);
    expect(job).toMatchObject({
      status: 'succeeded',
      source_name: 'acme/widgets@main',
      file_count: 3,
      remove_comments: true,
      actual_credits: 1,
    });
    const chunk = await get(t.app, `/api/jobs/${jobId}/files/chunks/chunk-0001.md`, token);
    expect(chunk.json().content).toContain('export const answer = 42;');
    expect(chunk.json().content).not.toContain('// the answer');
    const me = await get(t.app, '/auth/me', token);
    expect(me.json()).toMatchObject({ monthly_credits: 4999, credits_reserved: 0 });

    // The selection as repeated fields, on another branch.
    const repeated = await form(t.app, '/api/jobs/from-github', token, {
      github_url: 'https://github.com/acme/widgets/tree/feature/x',
      selected: ['src/feature.ts', 'docs/guide.md'],
      output_format: 'json',
    });
    expect(repeated.statusCode, repeated.body).toBe(200);
    const second = await waitForJob(t.app, token, repeated.json().job_id);
    expect(second).toMatchObject({ status: 'succeeded', source_name: 'acme/widgets@feature/x' });
    expect(checkoutsLeft()).toEqual([]);
  });

  it('orders a repository job by how often files changed, most changed last', async () => {
    const token = await connectedUser();
    /** The files in the order the job's only chunk holds them, by their first line. */
    const orderOf = async (jobId: string) => {
      const chunk = await get(t.app, `/api/jobs/${jobId}/files/chunks/chunk-0001.md`, token);
      const text = chunk.json().content as string;
      return ['alpha', 'bravo', 'charlie', 'delta']
        .map((word) => ({ word, at: text.indexOf(word) }))
        .sort((x, y) => x.at - y.at)
        .map(({ word, at }) => (at < 0 ? `${word}?` : word));
    };
    const create = (fields: Record<string, FormValue>) =>
      form(t.app, '/api/jobs/from-github', token, {
        github_url: 'https://github.com/acme/history',
        selected: JSON.stringify(Object.keys(HISTORY_FIRST)),
        output_format: 'md',
        ...fields,
      });
    // By branch, and by commit id (a fetch by id, where the checkout has no HEAD).
    for (const url of [
      'https://github.com/acme/history',
      `https://github.com/acme/history/tree/${historyHead}`,
    ]) {
      const sorted = await create({ github_url: url, sort_by_changes: 'true' });
      expect(sorted.statusCode, sorted.body).toBe(200);
      const jobId = sorted.json().job_id as string;
      const job = await waitForJob(t.app, token, jobId);
      expect(job).toMatchObject({ status: 'succeeded', sort_by_changes: true });
      expect(await orderOf(jobId), url).toEqual(['bravo', 'delta', 'alpha', 'charlie']);
      // The counts were for the worker only; only the outputs stay. The worker removes the
      // archive and the counts just after the job shows as succeeded.
      const leftovers = async () =>
        (await t.app.services.storage.list(`jobs/${jobId}`))
          .map((object) => object.key)
          .filter((key) => !key.includes('/attempts/'));
      await expect.poll(leftovers, { timeout: 15_000 }).toEqual([]);
    }
    const plain = await create({});
    expect(plain.statusCode, plain.body).toBe(200);
    const plainJob = await waitForJob(t.app, token, plain.json().job_id);
    expect(plainJob).toMatchObject({ status: 'succeeded', sort_by_changes: false });
    expect(await orderOf(plain.json().job_id)).toEqual(['alpha', 'bravo', 'charlie', 'delta']);
    const bad = await create({ sort_by_changes: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('sort_by_changes');
    expect(checkoutsLeft()).toEqual([]);
  });

  it('refuses a job whose selection or options do not fit, taking no credits', async () => {
    const token = await connectedUser();
    const base = { github_url: 'https://github.com/acme/widgets', output_format: 'md' };
    const cases: Array<[Record<string, FormValue>, number, string]> = [
      [{ ...base, selected: '[]' }, 400, 'No files selected for processing.'],
      [{ ...base, selected: ['nope.ts'] }, 400, 'not in the archive: nope.ts'],
      [{ ...base, selected: ['logo.png'] }, 400, 'None of the selected files can be processed'],
      [
        { ...base, selected: ['README.md'], output_format: 'pdf' },
        400,
        'output_format must be one of',
      ],
      [{ ...base, selected: ['README.md'], remove_comments: 'maybe' }, 400, 'remove_comments'],
      [{ ...base, selected: '[not json' }, 400, 'selected must be JSON.'],
      [{ ...base, selected: ['README.md'], branch: 'gone' }, 404, '"gone" was not found'],
    ];
    for (const [fields, status, detail] of cases) {
      const res = await form(t.app, '/api/jobs/from-github', token, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json().detail).toContain(detail);
    }
    const me = await get(t.app, '/auth/me', token);
    expect(me.json()).toMatchObject({ monthly_credits: 5000, credits_reserved: 0 });
    const jobs = await get(t.app, '/api/jobs', token);
    expect(jobs.json().jobs).toEqual([]);
    expect(checkoutsLeft()).toEqual([]);
  });
});
