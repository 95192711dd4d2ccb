import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from './lib/build-web.js';
import { chromiumPath, launchChromium } from './lib/chromium.js';
import { serverAvailable, startRealServer } from './lib/real-server.js';
import { screenshotDir } from './lib/tour.js';
import { buildZip } from './lib/zip-file.js';

const PASSWORD = 'Blue#Kettle9x';
const ADMIN_TOKEN = randomBytes(24).toString('hex');

const ARCHIVE = buildZip([
  {
    path: 'shop/src/cart.ts',
    data: 'export const total = (a: number[]) => a.reduce((s, x) => s + x, 0);\n',
  },
  {
    path: 'shop/src/price.ts',
    data: '// price helpers\nexport const cents = (n: number) => n * 100;\n',
  },
  { path: 'shop/src/legacy.js', data: 'module.exports = {};\n'.repeat(40) },
  { path: 'shop/README.md', data: '# Shop\n\nA demo shop.\n' },
  { path: 'shop/notes.txt', data: 'remember the milk\n' },
]);

// A visitor tries /demo, changes the selection and an option, then signs up from Process and
// verifies with the code from the server's outbox: the upload page opens with the same archive,
// files and options, read back from the browser's own storage, and processes it. Nothing is
// uploaded before they are signed in.
describe.skipIf(!chromiumPath || !serverAvailable)('/demo to a first job through sign-up', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startRealServer>>;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'demo-handoff-e2e-'));
    writeFileSync(join(dir, 'shop.zip'), ARCHIVE);
    ensureWebBuild();
    // No SMTP: the server keeps its mail in the outbox, read through the operator API.
    server = await startRealServer(null, { ADMIN_TOKEN });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function codeFromOutbox(email: string): Promise<string> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const response = await fetch(
        `${server.url}/admin/outbox?to=${encodeURIComponent(email)}&limit=5`,
        { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } },
      );
      expect(response.status).toBe(200);
      const { messages } = (await response.json()) as { messages: { text: string }[] };
      const code = messages.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no code for ${email} in the outbox`);
  }

  async function newVisitor() {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/(api|auth)\//.test(url.pathname))
        apiCalls.push(`${request.method()} ${url.pathname}`);
    });
    return { page, apiCalls };
  }

  async function waitUntilCounted(page: Page) {
    await page
      .locator('[data-testid="estimate-tokens"]:not([aria-busy])')
      .waitFor({ timeout: 60_000 });
  }

  const figures = async (page: Page) => ({
    lines: await page.getByTestId('estimate-lines').innerText(),
    tokens: await page.getByTestId('estimate-tokens').innerText(),
    credits: await page.getByTestId('estimate-credits').innerText(),
  });

  /** /demo: drop the archive, leave out legacy.js, ask for plain text without comments. */
  async function chooseOnDemo(page: Page) {
    await page.goto(`${server.url}/demo`);
    await page.getByRole('heading', { name: 'Try RepoBundle', exact: true }).waitFor();
    await page.getByLabel('Choose a ZIP archive').setInputFiles(join(dir, 'shop.zip'));
    await page.getByRole('tree', { name: 'Files in the archive' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Select legacy.js').uncheck();
    await page.locator('label', { hasText: 'Plain text' }).click();
    await page.getByRole('switch', { name: /Include comments/ }).uncheck();
    await waitUntilCounted(page);
    return figures(page);
  }

  async function signUpFromProcess(page: Page, email: string) {
    await page.getByRole('button', { name: 'Process', exact: true }).click();
    await page.waitForURL(/\/auth\?tab=signup$/);
    await page.getByText(/Create a free account to process your selection/).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify');
  }

  async function verify(page: Page, email: string) {
    await page.getByLabel('Verification code').fill(await codeFromOutbox(email));
    await page.getByRole('button', { name: 'Verify Email' }).click();
  }

  const storedHandoff = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('repobundle-demo');
          open.onerror = () => reject(new Error('could not open'));
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('handoff')) return resolve(0);
            const count = db.transaction('handoff').objectStore('handoff').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(new Error('could not count'));
          };
        }),
    );

  it('keeps the archive, the selection and the options through sign-up and verification', async () => {
    const email = `demo.${Date.now()}@example.com`;
    const { page, apiCalls } = await newVisitor();
    const onDemo = await chooseOnDemo(page);
    expect(apiCalls.filter((call) => call.includes('/api/jobs'))).toEqual([]);

    await signUpFromProcess(page, email);
    expect(await storedHandoff(page)).toBe(1);
    // Still nothing of the archive sent: only the account was created.
    expect(apiCalls.filter((call) => call.includes('/api/jobs'))).toEqual([]);
    await verify(page, email);

    await page.waitForURL('**/upload', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'New Job', exact: true }).waitFor();
    await page.getByText('shop.zip').first().waitFor({ timeout: 30_000 });
    await page.getByText(/Your selection from the demo is back/).waitFor();
    await page.getByRole('tree', { name: 'Files in the archive' }).waitFor();
    expect(await page.getByLabel('Select legacy.js').isChecked()).toBe(false);
    expect(await page.getByLabel('Select cart.ts').isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Plain text/ }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: /Include comments/ }).isChecked()).toBe(false);
    await waitUntilCounted(page);
    expect(await figures(page)).toEqual(onDemo);
    await page.screenshot({ path: join(screenshotDir, 'demo-handoff-upload-desktop.png') });

    await page.getByRole('button', { name: 'Process', exact: true }).click();
    await page.waitForURL(/\/jobs\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const job = (await (
      await fetch(`${server.url}/api/jobs/${id}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      source_name: string;
      total_files: number;
      output_format: string;
      remove_comments: boolean;
      reserved_credits: number;
    };
    expect(job).toMatchObject({
      source_name: 'shop.zip',
      total_files: 4,
      output_format: 'txt',
      remove_comments: true,
      reserved_credits: Number(onDemo.credits),
    });

    // Used once: the stored archive is gone and a new upload starts empty.
    expect(await storedHandoff(page)).toBe(0);
    await page.goto(`${server.url}/upload`);
    await page.getByLabel('Choose a ZIP archive').waitFor({ state: 'attached' });
    expect(await page.getByText(/Your selection from the demo/).count()).toBe(0);
    await page.context().close();
  });

  it('brings the selection back to a visitor who signs in to an existing account', async () => {
    const email = `demo.known.${Date.now()}@example.com`;
    const register = await fetch(`${server.url}/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(register.status).toBe(201);
    const verified = await fetch(`${server.url}/auth/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, verification_code: await codeFromOutbox(email) }),
    });
    expect(verified.status).toBe(200);

    const { page } = await newVisitor();
    const onDemo = await chooseOnDemo(page);
    await page.getByRole('button', { name: 'Process', exact: true }).click();
    await page.waitForURL(/\/auth\?tab=signup$/);
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/upload', { timeout: 15_000 });
    await page.getByText(/Your selection from the demo is back/).waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Select legacy.js').isChecked()).toBe(false);
    await waitUntilCounted(page);
    expect(await figures(page)).toEqual(onDemo);
    await page.context().close();
  });

  it('says so when the browser no longer has the archive', async () => {
    const email = `demo.gone.${Date.now()}@example.com`;
    const { page } = await newVisitor();
    await chooseOnDemo(page);
    await signUpFromProcess(page, email);
    // The visitor's browser clears site data before they enter the code.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase('repobundle-demo');
          request.onsuccess = () => resolve();
          request.onerror = () => reject(new Error('could not delete'));
        }),
    );
    await verify(page, email);
    await page.waitForURL('**/upload', { timeout: 15_000 });
    await page
      .getByText(/The archive you chose on the demo page is no longer in this browser/)
      .waitFor();
    await page.getByLabel('Choose a ZIP archive').waitFor({ state: 'attached' });
    await page.screenshot({ path: join(screenshotDir, 'demo-handoff-gone-desktop.png') });
    await page.context().close();
  });
});
