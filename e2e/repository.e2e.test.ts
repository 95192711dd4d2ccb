import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGitFixtures,
  startGitDaemon,
  type GitDaemon,
  type GitFixtures,
} from '../packages/server/src/services/github/test-support/git-fixtures.js';
import { ensureWebBuild } from './lib/build-web.js';
import { chromiumPath, launchChromium } from './lib/chromium.js';
import { startFakeGithubOAuth, type FakeGithubOAuth } from './lib/fake-github-oauth.js';
import { serverAvailable, startRealServer } from './lib/real-server.js';
import { startSmtpCapture } from './lib/smtp-capture.js';
import { screenshotDir } from './lib/tour.js';

const EMAIL = `grace.${Date.now()}@example.com`;
const PASSWORD = 'Blue#Kettle9x';
const ADMIN_TOKEN = randomBytes(24).toString('hex');

// The repository journey against the real server: a starter account connects GitHub through the
// OAuth redirect (a fake GitHub on loopback), imports a repository served by a real git daemon,
// picks files in the explorer and gets a job that succeeds, its files sorted by changes.
describe.skipIf(!chromiumPath || !serverAvailable)(
  'repository import against the real server',
  () => {
    let browser: Browser;
    let page: Page;
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
    let server: Awaited<ReturnType<typeof startRealServer>>;
    let fixtures: GitFixtures;
    let daemon: GitDaemon;
    let github: FakeGithubOAuth;

    const shot = (name: string) =>
      page.screenshot({ path: join(screenshotDir, `repository-${name}-desktop.png`) });

    beforeAll(async () => {
      ensureWebBuild();
      fixtures = createGitFixtures();
      fixtures.createRepository('acme', 'widgets', {
        files: {
          'README.md': '# Widgets\n\nSmall widgets.\n',
          'src/index.ts': 'export const widget = (name: string) => `widget ${name}`;\n',
          'src/util/math.ts': 'export function add(a: number, b: number) {\n  return a + b;\n}\n',
          'scripts/build.py': 'print("build")\n',
        },
        // Changed by 2, 1, 3 and 1 commits: sorted by changes, math.ts ends the bundle.
        history: [
          { 'src/util/math.ts': '// v2\nexport const add = (a: number, b: number) => a + b;\n' },
          {
            'src/util/math.ts': '// v3\nexport const add = (a: number, b: number) => a + b;\n',
            'README.md': '# Widgets\n\nSmall widgets, sorted.\n',
          },
        ],
      });
      daemon = await startGitDaemon(fixtures.root);
      github = await startFakeGithubOAuth();
      smtp = await startSmtpCapture();
      server = await startRealServer(smtp.port, {
        ADMIN_TOKEN,
        GITHUB_CLIENT_ID: github.clientId,
        GITHUB_CLIENT_SECRET: github.clientSecret,
        GITHUB_OAUTH_URL: github.oauthUrl,
        GITHUB_API_URL: github.apiUrl,
        GIT_CLONE_URL: daemon.cloneUrl,
      });
      browser = await launchChromium();
      page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();

      const register = await fetch(`${server.url}/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      });
      expect(register.status).toBe(201);
      const [, code] = await smtp.waitFor(EMAIL, /\b(\d{6})\b/);
      const verify = await fetch(`${server.url}/auth/verify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, verification_code: code }),
      });
      const tokens = (await verify.json()) as { access_token: string; refresh_token: string };
      const plan = await fetch(`${server.url}/admin/users/${encodeURIComponent(EMAIL)}/plan`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ plan: 'starter', billing_cycle: 'monthly' }),
      });
      expect(plan.status, await plan.clone().text()).toBe(200);
      await page.goto(`${server.url}/healthz`);
      await page.evaluate(({ access_token, refresh_token }) => {
        localStorage.setItem('access_token', access_token);
        localStorage.setItem('refresh_token', refresh_token);
        localStorage.setItem('welcome_modal_seen', 'true');
      }, tokens);
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await smtp?.close();
      await github?.stop();
      await daemon?.stop();
      fixtures?.remove();
    });

    it('connects GitHub through the authorization redirect', async () => {
      await page.goto(`${server.url}/settings?tab=integrations`);
      await page.getByRole('button', { name: 'Connect GitHub' }).click();
      await page.getByText('GitHub connected as octo.').waitFor();
      expect(new URL(page.url()).search).toBe('?tab=integrations');
      await page.getByText('Connected as octo', { exact: true }).waitFor();
      await shot('connected');
    });

    it('imports the repository sorted by changes and creates a job that succeeds', async () => {
      await page.goto(`${server.url}/upload`);
      await page.getByRole('button', { name: /GitHub Repository/ }).click();
      await page.getByLabel('Repository URL').fill('https://github.com/acme/widgets');
      await page.getByRole('switch', { name: /Sort files by changes/ }).check();
      await shot('form');
      await page.getByRole('button', { name: 'Process Repository' }).click();
      const tree = page.getByRole('tree', { name: 'Files in the archive' });
      await tree.waitFor({ timeout: 60_000 });
      await page.getByText('acme/widgets @ main').waitFor();
      await shot('explorer');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(screenshotDir, 'repository-explorer-mobile.png') });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByRole('button', { name: 'Process', exact: true }).click();
      await page.waitForURL(/\/jobs\/[0-9a-f-]{36}$/, { timeout: 60_000 });
      const id = new URL(page.url()).pathname.split('/').pop()!;
      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      const deadline = Date.now() + 90_000;
      let job:
        | { status: string; total_files: number; error: string | null; sort_by_changes: boolean }
        | undefined;
      while (Date.now() < deadline) {
        const response = await fetch(`${server.url}/api/jobs/${id}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        job = (await response.json()) as typeof job;
        if (job?.status === 'succeeded' || job?.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(job).toMatchObject({
        status: 'succeeded',
        total_files: 4,
        error: null,
        sort_by_changes: true,
      });
      const chunk = await fetch(`${server.url}/api/jobs/${id}/files/chunks/chunk-0001.md`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const text = ((await chunk.json()) as { content: string }).content;
      // The contents of build.py, index.ts, README.md and math.ts, in the order expected.
      const order = ['print("build")', 'export const widget', 'widgets, sorted', '// v3'];
      const positions = order.map((content) => text.indexOf(content));
      expect(positions.every((at) => at >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      await page.getByText('Sort by changes').waitFor();
    });
  },
);
