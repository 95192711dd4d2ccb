import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from './lib/build-web.js';
import { chromiumPath, launchChromium } from './lib/chromium.js';
import { serverAvailable, startRealServer } from './lib/real-server.js';
import { startSmtpCapture } from './lib/smtp-capture.js';
import { screenshotDir, VIEWPORTS } from './lib/tour.js';
import { writeZip } from './lib/zip-writer.js';

const PASSWORD = 'Blue#Kettle9x';
const ADMIN_TOKEN = randomBytes(24).toString('hex');
const STARTER_EMAIL = `fit.starter.${Date.now()}@example.com`;
const FREE_EMAIL = `fit.free.${Date.now()}@example.com`;

type Tokens = { access_token: string; refresh_token: string };
interface PackedJob {
  status: string;
  target_model: string | null;
  token_budget: number | null;
  keep_patterns: string[];
  focus: string | null;
  statistics: {
    packing?: {
      budget: number;
      used?: number;
      levels: Record<string, number>;
      files: { path: string; level: string; level_reason: string | null }[];
    };
  } | null;
}

/** A small service: enough code (several thousand tokens) to be over a 5,000-token budget. */
function serviceFiles(): { name: string; data: string }[] {
  const body = (name: string, count: number) =>
    Array.from(
      { length: count },
      (_, i) =>
        `/** ${name} step ${i}: retries a failed charge with backoff. */\nexport function ${name}${i}(attempt: number): number {\n  // wait longer after every failure\n  return Math.min(2 ** attempt * ${i + 1}, 60_000);\n}\n`,
    ).join('\n');
  return [
    { name: 'billing/src/retry.ts', data: body('retry', 60) },
    { name: 'billing/src/invoice.ts', data: body('invoice', 40) },
    {
      name: 'billing/src/index.ts',
      data: "export * from './retry';\nexport * from './invoice';\n",
    },
    { name: 'billing/test/retry.test.ts', data: body('testRetry', 30) },
    { name: 'billing/README.md', data: '# Billing\n\nCharges, invoices and retries.\n' },
  ];
}

// Fit to a model against the real server and worker: a Starter account picks a model, sets a
// budget, focus and files to keep, processes, and finds every file's level on the job page; a
// Free account sees budget packing locked. The new section is photographed at desktop and phone
// width, light and dark.
describe.skipIf(!chromiumPath || !serverAvailable)('fit to a model, upload to job page', () => {
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: Awaited<ReturnType<typeof startRealServer>>;
  let dir: string;
  let archive: string;
  const pageErrors: string[] = [];

  const shot = (p: Page, name: string, viewport: string, theme: 'light' | 'dark') =>
    p.screenshot({ path: join(screenshotDir, `fit-${name}-${viewport}-${theme}.png`) });

  async function signUp(email: string, plan: string): Promise<Tokens> {
    const register = await fetch(`${server.url}/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(register.status).toBe(201);
    const [, code] = await smtp.waitFor(email, /\b(\d{6})\b/);
    const verify = await fetch(`${server.url}/auth/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, verification_code: code }),
    });
    expect(verify.status).toBe(200);
    const response = await fetch(`${server.url}/admin/users/${encodeURIComponent(email)}/plan`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan, billing_cycle: 'monthly' }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    // Signed in again, so the tokens carry the new plan.
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    return (await login.json()) as Tokens;
  }

  async function openPage(viewport: (typeof VIEWPORTS)[number], tokens: Tokens): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.url}/healthz`);
    await page.evaluate(({ access_token, refresh_token }) => {
      localStorage.setItem('access_token', access_token);
      localStorage.setItem('refresh_token', refresh_token);
    }, tokens);
    await page.goto(`${server.url}/upload`);
    await page.getByRole('heading', { name: 'New Job', exact: true }).waitFor();
    await page.getByLabel('Choose a ZIP archive').setInputFiles(archive);
    await page.getByRole('tree', { name: 'Files in the archive' }).waitFor({ timeout: 60_000 });
    return page;
  }

  /** Opens the Fit to a Model tab and chooses a model, a 5,000-token budget, focus and keeps. */
  async function configure(page: Page) {
    const panel = page.getByRole('region', { name: 'Configuration' });
    await panel.getByRole('tab', { name: 'Fit to a Model' }).click();
    await panel.getByLabel('Target model').selectOption('gpt-4o');
    await panel.locator('label', { hasText: 'Token budget' }).click();
    await panel.getByLabel('Budget (tokens)').fill('5,000');
    await panel.getByLabel('Focus').fill('how failed charges are retried');
    await panel.getByLabel('Always keep').fill('billing/src/retry.ts');
    await panel.getByRole('switch', { name: /Signatures only/ }).check();
    await panel.getByTestId('fit-budget').waitFor();
    return panel;
  }

  /** Switches the theme and waits out the colour transitions, so a photo shows the theme. */
  async function setTheme(page: Page, theme: 'light' | 'dark') {
    await page.evaluate((value) => (document.documentElement.dataset['theme'] = value), theme);
    await page.waitForTimeout(400);
  }

  async function photograph(page: Page, viewport: string) {
    const panel = page.getByRole('region', { name: 'Configuration' });
    await panel.evaluate((element) => {
      element.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -80);
    });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await shot(page, 'configuration', viewport, theme);
    }
    if (viewport === 'mobile') {
      // On a phone the budget half sits below the model half.
      await panel.getByRole('radiogroup', { name: 'Budget' }).evaluate((element) => {
        element.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -80);
      });
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        await shot(page, 'budget', viewport, theme);
      }
    }
    await setTheme(page, 'light');
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fit-e2e-'));
    archive = join(dir, 'billing.zip');
    writeZip(archive, serviceFiles());
    ensureWebBuild();
    smtp = await startSmtpCapture();
    server = await startRealServer(smtp.port, {
      ADMIN_TOKEN,
      NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --conditions=source`.trim(),
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('locks budget packing on the free plan, with the way to upgrade', async () => {
    const page = await openPage(VIEWPORTS[0], await signUp(FREE_EMAIL, 'free'));
    const panel = page.getByRole('region', { name: 'Configuration' });
    await panel.getByRole('tab', { name: 'Fit to a Model' }).click();
    const budget = panel.getByRole('radio', { name: /Token budget/ });
    expect(await budget.isDisabled()).toBe(true);
    expect(await panel.getByRole('radio', { name: /Fit to the model/ }).isDisabled()).toBe(true);
    expect(await panel.getByRole('link', { name: 'Upgrade to access' }).count()).toBe(2);
    expect(await panel.getByText('Starter+').count()).toBe(1);
    // Compression stays on every plan.
    expect(await panel.getByRole('switch', { name: /Signatures only/ }).isDisabled()).toBe(false);
    await page.context().close();
  });

  it('chooses a model and a budget, processes, and shows every file level on the job page', async () => {
    const tokens = await signUp(STARTER_EMAIL, 'starter');
    const page = await openPage(VIEWPORTS[0], tokens);
    const panel = await configure(page);
    const modelTokens = page.getByTestId('estimate-model-tokens');
    const modelFit = page.getByTestId('estimate-model-fit');
    // GPT-4o counts with o200k_base, what the browser counts: exact, equal to the tokens figure.
    await expect.poll(() => modelFit.innerText(), { timeout: 60_000 }).toMatch(/5,000 budget/);
    const tokensFigure = await page.getByTestId('estimate-tokens').innerText();
    expect(await modelTokens.innerText()).toBe(tokensFigure);
    expect(await modelFit.innerText()).toBe('over 5,000 budget');
    expect(await page.getByTestId('model-stat').getAttribute('title')).toMatch(
      /the job degrades the least important files until the bundle fits/,
    );
    expect(await panel.getByTestId('fit-budget').innerText()).toMatch(/Packs to 5,000 tokens/);
    await photograph(page, 'desktop');

    // A model with another public tokenizer: counted exactly in the browser with its own.
    await panel.getByLabel('Target model').selectOption('gemini-2.5-pro');
    await expect.poll(() => modelTokens.innerText(), { timeout: 60_000 }).toMatch(/^[\d,]+$/);
    expect(await page.getByTestId('model-stat').getAttribute('title')).toMatch(
      /gemma3, counted exactly in your browser/,
    );
    // A model whose tokenizer is not public: an estimate, marked ~, with its band; never exact.
    await panel.getByLabel('Target model').selectOption('claude-sonnet-4');
    await expect.poll(() => modelTokens.innerText()).toMatch(/^~[\d,]+$/);
    expect(await modelFit.innerText()).toMatch(/^±15% · /);
    expect(await page.getByTestId('model-stat').getAttribute('title')).toMatch(
      /o200k_base × 1\.275 \(calibrated on code\)/,
    );
    await panel.getByLabel('Target model').selectOption('gpt-4o');

    await page.getByRole('button', { name: 'Process', exact: true }).click();
    await page.waitForURL(/\/jobs\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const card = page.getByRole('region', { name: 'Packed to a budget' });
    await card.waitFor({ timeout: 90_000 });
    const job = (await (
      await fetch(`${server.url}/api/jobs/${id}`, {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      })
    ).json()) as PackedJob;
    expect(job).toMatchObject({
      status: 'succeeded',
      target_model: 'gpt-4o',
      token_budget: 5000,
      keep_patterns: ['billing/src/retry.ts'],
      focus: 'how failed charges are retried',
    });
    const packing = job.statistics!.packing!;
    expect(packing.budget).toBe(5000);
    expect(packing.files.map((file) => file.path).sort()).toEqual(
      serviceFiles()
        .map((file) => file.name)
        .sort(),
    );
    // The bundle is larger than the budget: some files were degraded, the kept one was not.
    expect(packing.files.some((file) => file.level !== 'full')).toBe(true);
    expect(packing.files.find((file) => file.path === 'billing/src/retry.ts')?.level).toBe('full');
    // The whole bundle as written fits the budget, and the card says how much of it was used.
    expect(packing.used).toBeGreaterThan(0);
    expect(packing.used).toBeLessThanOrEqual(5000);
    expect(await card.getByTestId('packing-budget').innerText()).toBe(
      `${packing.used!.toLocaleString('en-US')} of 5,000 tokens`,
    );
    // The page lists each file at the level the job reports, in the job's order.
    const rows = card.getByTestId('packing-file');
    expect(await rows.count()).toBe(packing.files.length);
    const labels: Record<string, string> = {
      full: 'Full text',
      no_comments: 'No comments',
      signatures: 'Signatures only',
      path_only: 'Path only',
    };
    for (const [index, file] of packing.files.entries()) {
      const row = rows.nth(index);
      expect(await row.getByTestId('packing-path').innerText()).toBe(file.path);
      expect(await row.getByTestId('file-level').innerText()).toBe(labels[file.level]);
    }
    for (const [level, count] of Object.entries(packing.levels)) {
      expect(await card.getByTestId(`packing-count-${level}`).innerText()).toBe(String(count));
    }
    const settings = page.getByRole('region', { name: 'Job Configuration' });
    expect(await settings.innerText()).toMatch(/Token budget\s*5,000 tokens/);
    expect(await settings.getByText('billing/src/retry.ts').count()).toBe(1);
    expect(await settings.getByText('how failed charges are retried').count()).toBe(1);
    await card.evaluate((element) => {
      element.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -80);
    });
    await shot(page, 'job-levels', 'desktop', 'light');
    await page.context().close();

    // The same section on a phone, light and dark.
    const phone = await openPage(VIEWPORTS[1], tokens);
    await configure(phone);
    await photograph(phone, 'mobile');
    await phone.context().close();
    expect(pageErrors).toEqual([]);
  });
});
