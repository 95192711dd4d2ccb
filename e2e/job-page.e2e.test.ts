import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './lib/axe.js';
import { ensureWebBuild } from './lib/build-web.js';
import { chromiumPath, launchChromium } from './lib/chromium.js';
import { serverAvailable, startRealServer } from './lib/real-server.js';
import { startSmtpCapture } from './lib/smtp-capture.js';
import { VIEWPORTS, screenshotDir } from './lib/tour.js';
import { buildZip, readZip, type ZipInput } from './lib/zip-file.js';

// The job page against the real server (its worker runs in-process): a job is created through
// the API from a ZIP built here, then the page is driven as a person would: watch it finish,
// open every output, the full-screen viewer and its keys, copy, downloads, analytics, delete.
// Screenshots of every state at 1440x900 and 390x844 go to e2e/screenshots.

const EMAIL = `jobs.${Date.now()}@example.com`;
const PASSWORD = 'Blue#Kettle9x';

interface OutputFile {
  name: string;
  path: string;
  size: number;
}

/** A small repository: enough code for several 32k-token chunks, and one binary file. */
function repositoryZip(): { zip: Buffer; selected: string[] } {
  const entries: ZipInput[] = [
    { path: 'shop/README.md', data: '# Shop\n\nA demo shop used by the job page test.\n' },
    { path: 'shop/assets/logo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2]) },
  ];
  for (let module = 1; module <= 96; module++) {
    const lines = [`// Module ${module} of the shop: pricing rules and helpers.`];
    for (let fn = 1; fn <= 30; fn++) {
      lines.push(
        `export function priceRule${module}_${fn}(amount: number, rate = ${fn}): number {`,
        `  const discounted = amount * (1 - rate / 100); // keep ${fn}% off`,
        `  if (discounted < ${module}) return ${module};`,
        `  return Math.round(discounted * 100) / 100;`,
        '}',
        '',
      );
    }
    entries.push({
      path: `shop/src/rules/module-${String(module).padStart(2, '0')}.ts`,
      data: lines.join('\n'),
    });
  }
  return { zip: buildZip(entries), selected: entries.map((entry) => entry.path) };
}

describe.skipIf(!chromiumPath || !serverAvailable)('job page against the real server', () => {
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: Awaited<ReturnType<typeof startRealServer>>;
  let token = '';
  let refreshToken = '';
  let jobId = '';
  let secondJobId = '';
  let outputs: OutputFile[] = [];
  const pageErrors: string[] = [];

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const headers = new Headers(init.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
    const response = await fetch(server.url + path, { ...init, headers });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Uploads the archive in two chunks and assembles the job, as the upload screen does. */
  async function createJob(zip: Buffer, selected: string[], tokenLimit: number): Promise<string> {
    const uploadId = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const half = Math.ceil(zip.length / 2);
    const parts = [zip.subarray(0, half), zip.subarray(half)];
    for (const [index, part] of parts.entries()) {
      const form = new FormData();
      form.set('upload_id', uploadId);
      form.set('file_name', 'shop.zip');
      form.set('chunk_index', String(index));
      form.set('total_chunks', String(parts.length));
      form.set('chunk', new Blob([new Uint8Array(part)]), 'shop.zip');
      await call('/api/jobs/chunk', { method: 'POST', body: form });
    }
    const created = await call<{ job_id: string; status: string }>('/api/jobs/assemble', {
      method: 'POST',
      body: JSON.stringify({
        upload_id: uploadId,
        file_name: 'shop.zip',
        total_chunks: parts.length,
        selected,
        output_format: 'md',
        remove_comments: false,
        remove_blank_lines: false,
        show_line_numbers: false,
        token_limit: tokenLimit,
        chunking_strategy: 'fixed',
        chunk_overlap: 0,
        credit_type: 'monthly',
        redact_secrets: true,
        use_gitignore: false,
        notebook_processing: false,
      }),
    });
    expect(created.status).toBe('pending');
    return created.job_id;
  }

  async function newPage(viewport: { width: number; height: number } = VIEWPORTS[0], dark = false) {
    const context = await browser.newContext({
      viewport,
      acceptDownloads: true,
      reducedMotion: 'reduce',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await context.addInitScript(
      ([access, refresh]) => {
        localStorage.setItem('access_token', access!);
        localStorage.setItem('refresh_token', refresh!);
      },
      [token, refreshToken],
    );
    if (dark) await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return { context, page };
  }

  const shot = (page: Page, name: string, viewport: string, fullPage = true) =>
    page.screenshot({ path: join(screenshotDir, `job-${name}-${viewport}.png`), fullPage });

  /** The job as the server answers it, rewritten: screenshots of states a real job passes quickly. */
  async function rewriteJob(context: BrowserContext, id: string, patch: Record<string, unknown>) {
    await context.route(`**/api/jobs/${id}`, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, ...patch } });
    });
  }

  beforeAll(async () => {
    ensureWebBuild();
    smtp = await startSmtpCapture();
    server = await startRealServer(smtp.port);
    browser = await launchChromium();
    await call('/auth/register', {
      method: 'POST',
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const [, code] = await smtp.waitFor(EMAIL, /\b(\d{6})\b/);
    const pair = await call<{ access_token: string; refresh_token: string }>('/auth/verify', {
      method: 'POST',
      body: JSON.stringify({ email: EMAIL, verification_code: code }),
    });
    token = pair.access_token;
    refreshToken = pair.refresh_token;
    await call('/auth/welcome-modal', {
      method: 'PUT',
      body: JSON.stringify({ welcome_modal_seen: true }),
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('watches a new job finish, polling every 3 s and stopping on success', async () => {
    const { zip, selected } = repositoryZip();
    jobId = await createJob(zip, selected, 32_000);
    const { context, page } = await newPage();
    const seen: { at: number; status: string }[] = [];
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.pathname !== `/api/jobs/${jobId}` || response.request().method() !== 'GET') return;
      const body = (await response.json().catch(() => null)) as { status?: string } | null;
      seen.push({ at: Date.now(), status: body?.status ?? `HTTP ${response.status()}` });
    });
    await page.goto(`${server.url}/jobs/${jobId}`);
    await page.getByRole('heading', { name: 'Job Details', exact: true }).waitFor();
    await page.getByText(jobId, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Download ZIP' }).waitFor({ timeout: 90_000 });
    console.log(
      `[e2e] job ${jobId} statuses seen by the page: ${seen.map((s) => s.status).join(' -> ')}`,
    );
    // The page's last poll said succeeded (its body is read asynchronously, hence the poll).
    await expect.poll(() => seen.at(-1)?.status).toBe('succeeded');
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.at - seen[i - 1]!.at).toBeGreaterThan(2_500);
    }
    const afterSuccess = seen.length;
    await page.waitForTimeout(7_000);
    expect(seen.length).toBe(afterSuccess);

    const job = await call<{ statistics: { output_files: number }; errors: { reason: string }[] }>(
      `/api/jobs/${jobId}`,
    );
    // Files left out by rule are listed as skipped; only real failures are errors.
    const ruleSkips = ['excluded-folder', 'excluded-file', 'gitignored', 'custom-exclude'];
    const failures = job.errors.filter(
      (error) => ![...ruleSkips, 'not-included', 'binary', 'too-large'].includes(error.reason),
    ).length;
    outputs = (await call<{ files: OutputFile[] }>(`/api/jobs/${jobId}/files`)).files;
    expect(outputs.length).toBe(job.statistics.output_files);
    expect(outputs.filter((f) => f.path.startsWith('chunks/')).length).toBeGreaterThan(1);
    await expect(page.getByRole('tab', { name: /Overview/ }).textContent()).resolves.toMatch(
      /Overview\d+ files/,
    );
    await expect(page.getByRole('tab', { name: /Preview Files/ }).textContent()).resolves.toBe(
      `Preview Files${outputs.length} outputs`,
    );
    await expect(page.getByRole('tab', { name: /Analytics/ }).textContent()).resolves.toBe(
      `Analytics${failures} ${failures === 1 ? 'error' : 'errors'}`,
    );
    await page.getByRole('heading', { name: 'Job Statistics', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Job Timeline', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Job Configuration', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('opens every output file, copies one and downloads one from the browser', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/jobs/${jobId}?tab=preview`);
    const preview = page.getByTestId('output-preview');
    await preview.getByRole('heading', { level: 3, name: 'overview.md' }).waitFor();
    const tree = page.getByRole('tree', { name: 'Output files' });
    for (const file of outputs) {
      await tree
        .getByRole('treeitem', { name: new RegExp(`^${file.name.replace('.', '\\.')}`) })
        .click();
      await preview.getByRole('heading', { level: 3, name: file.name }).waitFor();
      const { content } = await call<{ content: string }>(`/api/jobs/${jobId}/files/${file.path}`);
      const lines = content.endsWith('\n')
        ? content.split('\n').length - 1
        : content.split('\n').length;
      await preview.getByText(`${lines.toLocaleString('en-US')} lines`, { exact: true }).waitFor();
      const firstLine = await preview.locator('[data-line="0"] [data-line-text]').textContent();
      expect(firstLine).toBe(content.split('\n')[0]);
    }
    expect(await seriousViolations(page)).toEqual([]);

    // Copy the selected file, with the 2 s "Copied".
    const last = outputs.at(-1)!;
    const { content } = await call<{ content: string }>(`/api/jobs/${jobId}/files/${last.path}`);
    await preview.getByRole('button', { name: 'Copy', exact: true }).click();
    await preview.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(content);
    await preview.getByRole('button', { name: 'Copy', exact: true }).waitFor({ timeout: 3_000 });

    // Copy the whole bundle: every chunk, in chunk order.
    const chunks = outputs.filter((file) => file.path.startsWith('chunks/'));
    const texts = await Promise.all(
      chunks.map(
        async (file) =>
          (await call<{ content: string }>(`/api/jobs/${jobId}/files/${file.path}`)).content,
      ),
    );
    const bundle = page.getByRole('group', { name: 'Whole bundle' });
    await bundle.getByRole('button', { name: 'Copy all' }).click();
    await bundle.getByRole('button', { name: 'Copied' }).waitFor();
    const copiedAll = await page.evaluate(() => navigator.clipboard.readText());
    expect(copiedAll).toBe(
      texts.reduce(
        (all, text) => (all && !all.endsWith('\n') ? `${all}\n${text}` : all + text),
        '',
      ),
    );
    const [bundleFile] = await Promise.all([
      page.waitForEvent('download'),
      bundle.getByRole('button', { name: 'Download as one file' }).click(),
    ]);
    expect(bundleFile.suggestedFilename()).toMatch(/^bundle-[0-9a-f]{8}\.md$/);
    expect(readFileSync((await bundleFile.path())!, 'utf8')).toBe(copiedAll);

    // Download a file from its row in the tree.
    const first = outputs[0]!;
    // A row shows its copy and download buttons on hover (or focus), as a person sees them.
    await tree
      .getByRole('treeitem', { name: new RegExp(`^${first.name.replace('.', '\\.')}`) })
      .hover();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tree.getByRole('button', { name: `Download ${first.name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(first.name);
    const saved = readFileSync((await download.path())!, 'utf8');
    const expected = await call<{ content: string }>(`/api/jobs/${jobId}/files/${first.path}`);
    expect(saved).toBe(expected.content);

    // Search, the three layouts.
    await page.getByLabel('Search files').fill('chunk-0002');
    expect(await tree.getByRole('treeitem', { name: /^chunk-0001/ }).count()).toBe(0);
    await page.getByLabel('Search files').fill('no-such-output');
    await page.getByText('No files match your search').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByRole('button', { name: 'File browser only' }).click();
    expect(await preview.count()).toBe(0);
    await page.getByRole('button', { name: 'Preview only' }).click();
    expect(await tree.count()).toBe(0);
    await page.getByRole('button', { name: 'Browser and preview' }).click();
    await context.close();
  });

  it('drives the full-screen viewer with its keys', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/jobs/${jobId}?tab=preview`);
    await page
      .getByTestId('output-preview')
      .getByRole('heading', { name: 'overview.md', exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Full Screen' }).click();
    const viewer = page.getByRole('dialog', { name: 'Full-screen file viewer' });
    const title = viewer.getByRole('heading', { level: 2 });
    const order = [...outputs].sort((a, b) =>
      a.path.localeCompare(b.path, 'en', { numeric: true }),
    );
    // Folders first: chunks/... then overview.md, as in the tree.
    const names = [
      ...order.filter((f) => f.path.includes('/')),
      ...order.filter((f) => !f.path.includes('/')),
    ].map((f) => f.name);
    const start = names.indexOf('overview.md');
    await expect(title.textContent()).resolves.toBe('overview.md');
    await viewer.getByText(`${start + 1} / ${names.length}`).waitFor();
    await page.keyboard.press('ArrowRight');
    await expect(title.textContent()).resolves.toBe(names[(start + 1) % names.length]);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(title.textContent()).resolves.toBe(
      names[(start - 1 + names.length) % names.length],
    );
    await page.keyboard.press('ArrowRight');

    // Search: Ctrl+F focuses it; the counter follows Ctrl+Enter and Ctrl+Shift+Enter.
    await page.keyboard.press('Control+f');
    const search = viewer.getByLabel('Search in file');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('chunk');
    const counter = viewer.getByTestId('search-counter');
    await expect.poll(() => counter.textContent()).toMatch(/^1 of \d+/);
    const total = Number(/of (\d+)/.exec((await counter.textContent())!)![1]);
    expect(total).toBeGreaterThan(1);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => counter.textContent()).toBe(`2 of ${total}`);
    await page.keyboard.press('Control+Shift+Enter');
    await page.keyboard.press('Control+Shift+Enter');
    await expect.poll(() => counter.textContent()).toBe(`${total} of ${total}`);
    await viewer.locator('mark[data-active]').waitFor();

    await viewer.getByRole('button', { name: /larger text/ }).click();
    await viewer.getByText('15px').waitFor();
    await viewer.getByRole('button', { name: 'Hide Lines' }).click();
    expect(await viewer.locator('[data-gutter]').count()).toBe(0);
    await viewer.getByRole('button', { name: 'Show Lines' }).click();
    await viewer.getByRole('button', { name: 'Copy', exact: true }).click();
    await viewer.getByRole('button', { name: 'Copied' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('overview.md');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'viewer', 'desktop', false);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the processing errors and the chunking analytics', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/jobs/${jobId}?tab=analytics`);
    const errors = page.getByRole('region', { name: 'Processing Errors' });
    await errors.getByText('0 errors').waitFor();
    // The binary logo was left out by rule: a skipped file, not an error.
    const skipped = page.getByRole('region', { name: 'Skipped files' });
    await skipped.getByText('shop/assets/logo.png', { exact: true }).waitFor();
    expect(await skipped.locator('.badge-danger').count()).toBe(0);
    await page.getByRole('heading', { name: 'Chunking Analytics', exact: true }).waitFor();
    await page.getByRole('progressbar', { name: 'Utilization' }).waitFor();
    await page.getByRole('img', { name: /Tokens per chunk for \d+ chunks/ }).waitFor();
    // Exact per-chunk counts from the API: no estimate, and the chart's largest is the API's.
    const analytics = await call<{ chunks: { tokens: number }[] }>(
      `/api/jobs/${jobId}/chunking-analytics`,
    );
    expect(analytics.chunks.length).toBeGreaterThan(0);
    const largest = Math.max(...analytics.chunks.map((chunk) => chunk.tokens));
    await page
      .getByRole('img', { name: new RegExp(`largest ${largest.toLocaleString('en-US')},`) })
      .waitFor();
    expect(await page.getByText(/^Estimated/).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('downloads the job as a ZIP holding every output file', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/jobs/${jobId}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download ZIP' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`job-${jobId}.zip`);
    const files = readZip(readFileSync((await download.path())!));
    expect([...files.keys()].sort()).toEqual(outputs.map((f) => f.path).sort());
    const overview = await call<{ content: string }>(`/api/jobs/${jobId}/files/overview.md`);
    expect(files.get('overview.md')?.toString('utf8')).toBe(overview.content);
    await context.close();
  });

  it('runs a second, smaller job for the running and failed states', async () => {
    const { zip, selected } = repositoryZip();
    secondJobId = await createJob(zip, selected.slice(0, 6), 64_000);
    const deadline = Date.now() + 60_000;
    while ((await call<{ status: string }>(`/api/jobs/${secondJobId}`)).status !== 'succeeded') {
      if (Date.now() > deadline) throw new Error('second job did not finish');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  /** Every state the job page can show; the running and failed ones rewrite the second job. */
  function jobPageStates(): Array<{
    name: string;
    path: string;
    patch?: Record<string, unknown>;
    ready: (page: Page) => Promise<unknown>;
  }> {
    const now = Date.now();
    const running = {
      status: 'processing',
      created_at: new Date(now - 47_000).toISOString(),
      started_at: new Date(now - 44_000).toISOString(),
      finished_at: null,
      actual_credits: null,
      statistics: null,
      progress: { stage: 'chunking', percent: 62 },
    };
    const failed = {
      status: 'failed',
      created_at: new Date(now - 9_000).toISOString(),
      started_at: new Date(now - 8_000).toISOString(),
      error: 'Cannot read the archive shop.zip: the file ended early.',
      finished_at: new Date(now - 1_000).toISOString(),
      actual_credits: null,
      statistics: null,
      progress: { stage: 'reading', percent: 5 },
    };
    return [
      {
        name: 'running',
        path: `/jobs/${secondJobId}`,
        patch: running,
        ready: (page) => page.getByText('62%').waitFor(),
      },
      {
        name: 'running-preview',
        path: `/jobs/${secondJobId}?tab=preview`,
        patch: running,
        ready: (page) => page.getByText('Processing Job...').waitFor(),
      },
      {
        name: 'failed',
        path: `/jobs/${secondJobId}`,
        patch: failed,
        ready: (page) => page.getByText('This job failed.').waitFor(),
      },
      {
        name: 'failed-preview',
        path: `/jobs/${secondJobId}?tab=preview`,
        patch: failed,
        ready: (page) => page.getByText('Preview Not Available').waitFor(),
      },
      {
        name: 'overview',
        path: `/jobs/${jobId}`,
        ready: (page) =>
          page.getByRole('heading', { name: 'Job Configuration', exact: true }).waitFor(),
      },
      {
        name: 'preview',
        path: `/jobs/${jobId}?tab=preview`,
        ready: (page) => page.getByTestId('output-preview').locator('[data-line="0"]').waitFor(),
      },
      {
        name: 'analytics',
        path: `/jobs/${jobId}?tab=analytics`,
        ready: (page) => page.getByRole('img', { name: /Tokens per chunk/ }).waitFor(),
      },
      {
        name: 'loading-error',
        path: '/jobs/00000000-0000-0000-0000-000000000000',
        ready: (page) => page.getByText('Error Loading Job').waitFor(),
      },
    ];
  }

  // One test per size and theme, so each stays well inside the per-test time limit on a busy
  // machine: `job-<state>-<size>.png` and `job-<state>-dark-<size>.png`.
  for (const viewport of VIEWPORTS) {
    const size = { width: viewport.width, height: viewport.height };
    for (const dark of [false, true]) {
      const theme = dark ? '-dark' : '';
      it(`screenshots every state of the job page at ${viewport.name}${dark ? ' in the dark theme' : ''}`, async () => {
        for (const state of jobPageStates()) {
          const { context, page } = await newPage(size, dark);
          if (state.patch) await rewriteJob(context, secondJobId, state.patch);
          await page.goto(server.url + state.path);
          await state.ready(page);
          await page.waitForTimeout(300);
          await shot(page, `${state.name}${theme}`, viewport.name);
          await context.close();
        }
        const { context, page } = await newPage(size, dark);
        await page.goto(`${server.url}/jobs/${jobId}?tab=preview`);
        await page.getByTestId('output-preview').locator('[data-line="0"]').waitFor();
        await page.getByRole('button', { name: 'Full Screen' }).click();
        const viewer = page.getByRole('dialog', { name: 'Full-screen file viewer' });
        await viewer.getByLabel('Search in file').fill('chunk');
        await viewer.locator('mark[data-active]').waitFor();
        await shot(page, `viewer${theme}`, viewport.name, false);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Delete Job' }).click();
        await page.getByRole('dialog').getByLabel('Confirmation').fill('zzzzz');
        await shot(page, `delete-dialog${theme}`, viewport.name, false);
        await context.close();
      });
    }

    it(`screenshots the dashboard and usage with jobs at ${viewport.name}`, async () => {
      const { context, page } = await newPage(size);
      await page.goto(`${server.url}/dashboard`);
      await page.getByText('shop.zip').filter({ visible: true }).first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({
        path: join(screenshotDir, `dashboard-jobs-${viewport.name}.png`),
        fullPage: true,
      });
      await page.goto(`${server.url}/usage`);
      await page
        .getByText(/^Job [0-9a-f]{8} used \d+ credits?$/)
        .filter({ visible: true })
        .first()
        .waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({
        path: join(screenshotDir, `usage-transactions-${viewport.name}.png`),
        fullPage: true,
      });
      await context.close();
    });
  }

  it('screenshots a chunk open in the preview in the dark theme at both sizes', async () => {
    for (const viewport of VIEWPORTS) {
      const size = { width: viewport.width, height: viewport.height };
      const { context, page } = await newPage(size, true);
      await page.goto(`${server.url}/jobs/${jobId}?tab=preview`);
      await page.getByTestId('output-preview').locator('[data-line="0"]').waitFor();
      await page
        .getByRole('tree', { name: 'Output files' })
        .getByRole('treeitem', { name: /^chunk-0001/ })
        .click();
      await page
        .getByTestId('output-preview')
        .getByRole('heading', { name: 'chunk-0001.md', exact: true })
        .waitFor();
      await page.waitForTimeout(300);
      await shot(page, 'preview-chunk-dark', viewport.name);
      await context.close();
    }
  });

  it('lists the jobs on the dashboard and the ledger on the usage page', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/dashboard`);
    const table = page.getByRole('region', { name: 'Recent jobs' });
    await table.getByText(jobId.slice(0, 8)).waitFor();
    expect(await table.getByText('Completed').count()).toBe(2);
    await page.goto(`${server.url}/usage`);
    const ledger = page.getByRole('region', { name: 'Transactions' });
    // A finished job's reservation, release and usage read as one line of what it used.
    await ledger
      .getByText(/^Job [0-9a-f]{8} used \d+ credits?$/)
      .first()
      .waitFor();
    await ledger
      .getByRole('button', { name: /^Show 3 rows$/ })
      .filter({ visible: true })
      .first()
      .click();
    await ledger.getByText('Reservation').first().waitFor();
    await page.getByLabel('Type').selectOption('usage');
    await expect.poll(() => ledger.getByText('Reservation').count()).toBe(0);
    await ledger.getByText('Usage', { exact: true }).first().waitFor();
    await page.getByLabel('Search transactions').fill('no such transaction anywhere');
    await page.getByText('No transactions found').waitFor();
    await context.close();
  });

  it('deletes the job after the confirmation, and goes to the dashboard', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/jobs/${jobId}`);
    await page.getByRole('button', { name: 'Delete Job' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete Job' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Confirmation').fill('zzzzz');
    await confirm.click();
    await dialog.getByText('Failed to delete job. Please try again.').waitFor();
    await dialog.getByLabel('Confirmation').fill(jobId.slice(-5));
    await confirm.click();
    await page.waitForURL('**/dashboard');
    await expect(call(`/api/jobs/${jobId}`)).rejects.toThrow(/404/);
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
