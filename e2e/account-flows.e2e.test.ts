import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from './lib/build-web.js';
import { chromiumPath, launchChromium } from './lib/chromium.js';
import { serverAvailable, startRealServer } from './lib/real-server.js';
import { startSmtpCapture } from './lib/smtp-capture.js';
import { screenshotDir } from './lib/tour.js';

if (chromiumPath && !serverAvailable) {
  console.warn('\n[e2e] SKIPPED account flows: packages/server/src/main.ts does not exist yet.\n');
}

const EMAIL = `ada.${Date.now()}@example.com`;
const PASSWORD = 'Blue#Kettle9x';
const NEW_PASSWORD = 'Green!Teapot7q';

// The user journeys against the real server on loopback, with mail read from a real
// SMTP capture: sign up, verify, welcome tour, sign out and in, reset the password, settings,
// waitlist. The steps run in order and share the account they create.
describe.skipIf(!chromiumPath || !serverAvailable)('account flows against the real server', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: Awaited<ReturnType<typeof startRealServer>>;
  const cspErrors: string[] = [];

  const shot = (name: string) =>
    page.screenshot({ path: join(screenshotDir, `flow-${name}-desktop.png`) });

  beforeAll(async () => {
    ensureWebBuild();
    smtp = await startSmtpCapture();
    server = await startRealServer(smtp.port);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        cspErrors.push(message.text());
      }
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  async function signIn(password: string) {
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
  }

  async function signOut() {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  }

  it('signs up, verifies with the mailed code and lands on the dashboard with the welcome tour', async () => {
    await page.goto(`${server.url}/auth?tab=signup`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify');
    const [, code] = await smtp.waitFor(EMAIL, /\b(\d{6})\b/);
    await page.getByLabel('Verification code').fill(code!);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await page.getByRole('heading', { name: `Welcome back, ${EMAIL.split('@')[0]}` }).waitFor();

    const tour = page.getByRole('dialog');
    await tour.waitFor({ timeout: 5_000 });
    await shot('welcome-tour');
    expect(await tour.getByRole('button', { name: 'Skip Tour' }).count()).toBe(0);
    for (let step = 1; step < 6; step++) await tour.getByRole('button', { name: 'Next' }).click();
    await tour.getByText('100 credits are about 200,000 lines').count();
    await tour.getByRole('button', { name: 'Get Started' }).click();
    await page.waitForURL('**/upload');

    // Seen is stored on the server: the tour does not come back.
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    await page.waitForTimeout(2_500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await shot('dashboard');
  });

  it('signs out and back in', async () => {
    await signOut();
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL('**/auth');
    await signIn(PASSWORD);
  });

  it('changes the job-management settings and keeps them', async () => {
    await page.goto(`${server.url}/settings?tab=job-management`);
    await page.getByLabel('Auto-delete jobs').selectOption('7days');
    await page.getByLabel('Default credit type').selectOption('purchased');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved successfully!').waitFor();
    await shot('settings-saved');
    await page.reload();
    expect(await page.getByLabel('Auto-delete jobs').inputValue()).toBe('7days');
    expect(await page.getByLabel('Default credit type').inputValue()).toBe('purchased');
  });

  it('creates an API key, copies it once, and revokes it', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto(`${server.url}/settings?tab=api-keys`);
    await page.getByRole('heading', { name: 'API keys', exact: true }).waitFor();
    await page.getByText('No API keys yet').waitFor();
    await page.getByLabel('Key name').fill('Build script');
    await page.getByLabel('Scope').selectOption('jobs');
    await page.getByRole('button', { name: 'Create key' }).click();

    const dialog = page.getByRole('dialog', { name: 'Copy your new API key' });
    await dialog.waitFor();
    await dialog.getByText('This is the only time the key is shown.').waitFor();
    const shown = await dialog.getByLabel('New API key').inputValue();
    expect(shown).toMatch(/^rbk_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);
    await shot('api-key-created');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The copied key works as a program would use it; the page never shows it again.
    const me = await fetch(`${server.url}/auth/me`, {
      headers: { authorization: `Bearer ${copied}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(EMAIL);
    const row = page.getByRole('row', { name: /Build script/ });
    await row.getByText(copied.slice(0, 10)).waitFor();
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(copied.slice(10));
    expect(await row.textContent()).toMatch(/jobs/);

    await row.getByRole('button', { name: 'Revoke Build script' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('No API keys yet').waitFor();
    await shot('api-key-revoked');
    const after = await fetch(`${server.url}/auth/me`, {
      headers: { authorization: `Bearer ${copied}` },
    });
    expect(after.status).toBe(401);
  });

  it('buys a credit pack through the test-mode checkout and sees it in the ledger', async () => {
    await page.goto(`${server.url}/pricing`);
    await page.getByRole('button', { name: 'Credit Packs' }).click();
    await page.getByRole('button', { name: 'Buy 500 credits' }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    await page.getByText('500 credits').first().waitFor();
    await shot('checkout');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(screenshotDir, 'flow-checkout-mobile.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await page.waitForURL(/\/success\?session_id=cs_test_/);
    await page.getByText('Transaction ID').waitFor();
    await shot('payment-success');
    await page.goto(`${server.url}/usage`);
    await page
      .getByText(/Credit pack: 500 credits/)
      .first()
      .waitFor();
  });

  it('cancels a subscription checkout and comes back to the cancelled page', async () => {
    await page.goto(`${server.url}/pricing`);
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page
      .getByRole('definition')
      .filter({ hasText: /^Monthly$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.waitForURL('**/cancel');
    await page.getByRole('heading', { name: 'Payment cancelled', exact: true }).waitFor();
  });

  it('resets a forgotten password through the mailed link', async () => {
    await signOut();
    await page.goto(`${server.url}/forgot-password`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').filter({ hasText: /./ }).first().waitFor();
    const [link] = await smtp.waitFor(EMAIL, /https?:\/\/\S+\/reset-password\?\S+/);
    await page.goto(link!);
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByText('Passwords match').waitFor();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.locator('.alert-success').waitFor();
    await shot('password-reset');
    await signIn(NEW_PASSWORD);
  });

  it('joins the waitlist', async () => {
    await signOut();
    await page.goto(`${server.url}/waitlist`);
    await page.getByLabel('Email address').fill(`early.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Get Early Access' }).click();
    await page.getByRole('heading', { name: "You're In!" }).waitFor();
    await shot('waitlist-joined');
  });

  it('an address signed up twice: the mailed code leads to choosing the password', async () => {
    const contested = `contested.${Date.now()}@example.com`;
    // Two sign-ups of one address, as a stranger's and the owner's would be.
    for (const password of [NEW_PASSWORD, PASSWORD]) {
      const res = await fetch(`${server.url}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: contested, password }),
      });
      expect(res.status).toBe(201);
    }
    const [, code] = await smtp.waitFor(contested, /\b(\d{6})\b/);
    await page.goto(`${server.url}/verify?email=${encodeURIComponent(contested)}`);
    await page.getByLabel('Verification code').fill(code!);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.waitForURL('**/reset-password?**', { timeout: 10_000 });
    const chosen = 'Violet#Harbor4z';
    await page.getByLabel('New Password', { exact: true }).fill(chosen);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(chosen);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.locator('.alert-success').waitFor();
    await shot('contested-sign-up-password');
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email').fill(contested);
    await page.getByLabel('Password', { exact: true }).fill(chosen);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
  });

  it("ran every step under the server's Content Security Policy without a violation", () => {
    expect(cspErrors).toEqual([]);
  });
});
