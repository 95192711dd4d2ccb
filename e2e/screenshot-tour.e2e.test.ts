import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, webDist } from './lib/build-web.js';
import { chromiumPath, launchChromium } from './lib/chromium.js';
import { startStaticServer } from './lib/static-server.js';
import { VIEWPORTS, contentWidth, visit, type TourStop } from './lib/tour.js';
import { buildZip } from './lib/zip-file.js';

const heading = (text: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name: text }).first().waitFor();
/** Jobs and transactions are a table on wide screens and a list of cards on phones. */
const listed = (page: Page) =>
  page
    .locator('table, [data-testid="job-cards"], [data-testid="txn-cards"]')
    .filter({ visible: true })
    .first()
    .waitFor();

/** A small repository read on /demo, counted exactly in the browser before the photo. */
async function loadDemoArchive(page: Page) {
  const source = (name: string, lines: number) =>
    Array.from({ length: lines }, (_, i) => `export const ${name}${i} = ${i} * 2;`).join('\n');
  await page.getByLabel('Choose a ZIP archive').setInputFiles({
    name: 'acme-api-main.zip',
    mimeType: 'application/zip',
    buffer: buildZip([
      { path: 'acme-api/src/server.ts', data: source('route', 400) },
      { path: 'acme-api/src/db/users.ts', data: source('user', 900) },
      { path: 'acme-api/src/db/orders.ts', data: source('order', 700) },
      { path: 'acme-api/README.md', data: '# Acme API\n\nA small service.\n' },
      { path: 'acme-api/package-lock.json', data: '{}\n' },
      { path: 'acme-api/logo.png', data: Buffer.from([137, 80, 78, 71, 0]) },
    ]),
  });
  await page.locator('[data-testid="estimate-tokens"]:not([aria-busy])').waitFor();
}

// Every page, public and signed in, against the built app under the server's CSP.
const STOPS: TourStop[] = [
  { name: 'landing', path: '/', ready: heading(/AI-ready bundles/) },
  { name: 'auth-sign-in', path: '/auth', ready: heading('Welcome back') },
  {
    name: 'auth-create-account',
    path: '/auth?tab=signup',
    ready: heading('Create your account'),
    act: (page) => page.getByLabel('Password', { exact: true }).fill('kettle12'),
  },
  {
    name: 'waitlist',
    path: '/waitlist',
    ready: (page) => page.getByText('developers have already joined').waitFor(),
  },
  { name: 'pricing', path: '/pricing', ready: heading('Simple, credit-based pricing') },
  { name: 'verify', path: '/verify?email=ada%40example.com', ready: heading('Verify your email') },
  { name: 'forgot-password', path: '/forgot-password', ready: heading('Forgot your password?') },
  {
    name: 'reset-password',
    path: '/reset-password?email=ada%40example.com&token=abc',
    ready: heading('Reset Your Password'),
  },
  { name: 'reset-password-invalid', path: '/reset-password', ready: heading('Invalid Reset Link') },
  {
    name: 'success',
    path: '/success?session_id=cs_test_a1b2c3d4',
    ready: heading('Payment successful'),
  },
  { name: 'cancel', path: '/cancel', ready: heading('Payment cancelled') },
  { name: 'terms', path: '/terms', ready: heading('Terms of Service') },
  { name: 'privacy', path: '/privacy', ready: heading('Privacy Policy') },
  { name: 'coming-soon', path: '/coming-soon', ready: heading('Coming soon') },
  { name: 'not-found', path: '/no-such-page', ready: heading('Page Not Found') },
  {
    name: 'maintenance',
    path: '/',
    mock: { maintenance: true },
    ready: heading("We'll be right back"),
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    mock: { signedIn: true },
    ready: listed,
  },
  {
    name: 'dashboard-empty',
    path: '/dashboard',
    mock: { signedIn: true, jobs: [] },
    ready: (page) => page.getByText('No jobs yet').waitFor(),
  },
  {
    name: 'dashboard-delete-dialog',
    path: '/dashboard',
    mock: { signedIn: true },
    ready: listed,
    act: async (page) => {
      await page.getByRole('button', { name: 'Delete' }).filter({ visible: true }).first().click();
      await page.getByLabel('Confirmation').fill('a7b');
    },
  },
  {
    name: 'welcome-tour',
    path: '/dashboard',
    mock: { signedIn: true, user: { welcome_modal_seen: false, isNewUser: true } },
    ready: (page) => page.getByRole('dialog').waitFor({ timeout: 5_000 }),
  },
  {
    name: 'nav-credits',
    path: '/dashboard',
    mock: { signedIn: true, user: { monthly_credits: 42 } },
    ready: listed,
    act: async (page, viewport) => {
      if (viewport.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
      else await page.getByRole('button', { name: /Credits:/ }).click();
    },
  },
  {
    name: 'nav-account-menu',
    path: '/usage',
    mock: { signedIn: true },
    ready: listed,
    act: async (page, viewport) => {
      if (viewport.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
      else await page.getByRole('button', { name: 'Account menu' }).click();
    },
  },
  {
    name: 'usage',
    path: '/usage',
    mock: { signedIn: true },
    ready: listed,
  },
  {
    name: 'usage-error',
    path: '/usage',
    mock: { signedIn: true, transactionsFail: true },
    ready: (page) => page.getByText('Error Loading Data').waitFor(),
    expectFailedRequests: true,
  },
  {
    name: 'settings-security',
    path: '/settings',
    mock: { signedIn: true },
    ready: heading('Change password'),
  },
  {
    name: 'settings-job-management',
    path: '/settings?tab=job-management',
    mock: { signedIn: true },
    ready: heading('Job management'),
  },
  {
    name: 'settings-billing',
    path: '/settings?tab=billing',
    mock: { signedIn: true },
    ready: heading('Plan'),
  },
  {
    name: 'settings-notifications',
    path: '/settings?tab=notifications',
    mock: { signedIn: true },
    ready: heading('Notifications'),
  },
  {
    name: 'settings-integrations',
    path: '/settings?tab=integrations',
    mock: { signedIn: true, user: { role: 'free', subscription_plan: 'free' } },
    ready: heading('GitHub'),
  },
  {
    name: 'settings-integrations-connect',
    path: '/settings?tab=integrations',
    mock: { signedIn: true },
    ready: (page) => page.getByRole('button', { name: 'Connect GitHub' }).waitFor(),
  },
  {
    name: 'settings-api-keys',
    path: '/settings?tab=api-keys',
    mock: { signedIn: true },
    ready: (page) => page.getByRole('row', { name: /CI pipeline/ }).waitFor(),
  },
  {
    name: 'settings-account',
    path: '/settings?tab=account',
    mock: { signedIn: true },
    ready: heading('Account'),
  },
  { name: 'landing-dark', path: '/', dark: true, ready: heading(/AI-ready bundles/) },
  {
    name: 'auth-dark',
    path: '/auth?tab=signup',
    dark: true,
    ready: heading('Create your account'),
  },
  {
    name: 'dashboard-dark',
    path: '/dashboard',
    dark: true,
    mock: { signedIn: true },
    ready: listed,
  },
  {
    name: 'usage-dark',
    path: '/usage',
    dark: true,
    mock: { signedIn: true },
    ready: listed,
    act: async (page) => {
      await page
        .getByRole('button', { name: /Show 3 rows/ })
        .filter({ visible: true })
        .first()
        .click();
    },
  },
  { name: 'demo', path: '/demo', ready: heading('Try RepoBundle'), act: loadDemoArchive },
  {
    name: 'demo-dark',
    path: '/demo',
    dark: true,
    ready: heading('Try RepoBundle'),
    act: loadDemoArchive,
  },
  {
    name: 'demo-details-dark',
    path: '/demo',
    dark: true,
    ready: heading('Try RepoBundle'),
    act: async (page) => {
      await loadDemoArchive(page);
      // On a phone the summary bar is folded to a strip; this is it unfolded.
      const unfold = page.getByRole('button', { name: 'More details' });
      if (await unfold.isVisible()) await unfold.click();
    },
  },
  {
    name: 'upload-archive',
    path: '/upload',
    mock: { signedIn: true },
    ready: heading('New Job'),
    act: loadDemoArchive,
  },
  {
    name: 'upload-details-dark',
    path: '/upload',
    dark: true,
    mock: { signedIn: true },
    ready: heading('New Job'),
    act: async (page) => {
      await loadDemoArchive(page);
      const unfold = page.getByRole('button', { name: 'More details' });
      if (await unfold.isVisible()) await unfold.click();
    },
  },
  {
    name: 'settings-account-dark',
    path: '/settings?tab=account',
    dark: true,
    mock: { signedIn: true },
    ready: heading('Account'),
  },
  {
    name: 'demo-images-only',
    path: '/demo',
    ready: heading('Try RepoBundle'),
    act: async (page) => {
      const images = Array.from({ length: 6 }, (_, i) => ({
        path: `assets/p${i}.png`,
        data: Buffer.from([137, 80, 78, 71, 0, i]),
      }));
      await page.getByLabel('Choose a ZIP archive').setInputFiles({
        name: 'images.zip',
        mimeType: 'application/zip',
        buffer: buildZip([...images, { path: 'fonts/a.woff2', data: 'x' }]),
      });
      await page
        .getByText(/No text files to process/)
        .first()
        .waitFor();
    },
  },
  {
    name: 'pricing-signed-in',
    path: '/pricing',
    mock: { signedIn: true },
    ready: heading('Simple, credit-based pricing'),
  },
];

describe.skipIf(!chromiumPath)('screenshot tour (every page, 1440x900 and 390x844)', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startStaticServer>>;

  beforeAll(async () => {
    ensureWebBuild();
    server = await startStaticServer(webDist);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const viewport of VIEWPORTS) {
    for (const stop of STOPS) {
      it(`${stop.name} at ${viewport.width}x${viewport.height}: no serious axe violation, no console error`, async () => {
        const result = await visit(browser, server.url, stop, viewport);
        const problems = [
          ...result.violations.map(
            (v) => `${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`,
          ),
          ...result.consoleErrors.map((error) => `console error: ${error}`),
        ];
        expect(problems.join('\n')).toBe('');
      });
    }
  }

  it('no page scrolls sideways on a 360 px phone', async () => {
    const names = [
      'landing',
      'auth-create-account',
      'waitlist',
      'pricing',
      'dashboard',
      'usage',
      'settings-security',
      'reset-password',
    ];
    const wide: string[] = [];
    for (const stop of STOPS.filter((s) => names.includes(s.name))) {
      const width = await contentWidth(browser, server.url, stop, 360);
      if (width > 360) wide.push(`${stop.name}: ${width}px`);
    }
    expect(wide).toEqual([]);
  });
});
