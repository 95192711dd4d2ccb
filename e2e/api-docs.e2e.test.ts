import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from './lib/build-web.js';
import { chromiumPath, launchChromium } from './lib/chromium.js';
import { serverAvailable, startRealServer } from './lib/real-server.js';
import { startSmtpCapture } from './lib/smtp-capture.js';
import { screenshotDir } from './lib/tour.js';

// The API reference the server serves at /docs/api: the renderer's files come from the server
// itself, under its Content Security Policy, and it shows the generated document.
describe.skipIf(!chromiumPath || !serverAvailable)('the API reference page', () => {
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: Awaited<ReturnType<typeof startRealServer>>;

  beforeAll(async () => {
    ensureWebBuild();
    smtp = await startSmtpCapture();
    server = await startRealServer(smtp.port);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('renders the OpenAPI document without a CSP violation or an outside request', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems: string[] = [];
    const outside: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) {
        outside.push(request.url());
      }
    });
    await page.goto(`${server.url}/docs/api`);
    await page.getByRole('heading', { name: /RepoBundle API/ }).waitFor({ timeout: 20_000 });
    await page.getByText('/api/jobs/from-archive').first().waitFor();
    await page.getByText('/api/keys').first().waitFor();
    await page.screenshot({ path: join(screenshotDir, 'api-reference-desktop.png') });
    expect(problems).toEqual([]);
    expect(outside).toEqual([]);
    await page.close();
  });
});
