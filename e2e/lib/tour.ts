import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations, type AxeViolation } from './axe.js';
import { repoRoot } from './build-web.js';
import { mockApi, type MockOptions } from './mock-api.js';

export const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

export const screenshotDir = join(repoRoot, 'e2e', 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

export interface TourStop {
  name: string;
  path: string;
  mock?: MockOptions;
  /** Waits for something that proves the page rendered. */
  ready: (page: Page) => Promise<unknown>;
  /** Optional interaction before the screenshot (open a dialog, a menu). */
  act?: (page: Page, viewport: (typeof VIEWPORTS)[number]) => Promise<unknown>;
  dark?: boolean;
  /** The stop shows an error state on purpose: the browser's failed-request log is expected. */
  expectFailedRequests?: boolean;
}

export interface StopResult {
  name: string;
  viewport: string;
  violations: AxeViolation[];
  consoleErrors: string[];
}

/** Opens one stop in a fresh context, screenshots it full-page, and audits it with axe. */
export async function visit(
  browser: Browser,
  baseUrl: string,
  stop: TourStop,
  viewport: (typeof VIEWPORTS)[number],
): Promise<StopResult> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    reducedMotion: 'reduce',
  });
  await mockApi(context, stop.mock);
  if (stop.dark) await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (stop.expectFailedRequests && message.text().startsWith('Failed to load resource')) return;
    consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  try {
    await page.goto(baseUrl + stop.path);
    await stop.ready(page);
    if (stop.act) await stop.act(page, viewport);
    await page.waitForTimeout(250);
    await page.screenshot({
      path: join(screenshotDir, `${stop.name}-${viewport.name}.png`),
      fullPage: !stop.act,
    });
    const violations = await seriousViolations(page);
    return { name: stop.name, viewport: viewport.name, violations, consoleErrors };
  } finally {
    await context.close();
  }
}

/** Width of the page's content at a viewport: more than the viewport means a sideways scroll. */
export async function contentWidth(
  browser: Browser,
  baseUrl: string,
  stop: TourStop,
  width: number,
): Promise<number> {
  const context = await browser.newContext({
    viewport: { width, height: 740 },
    reducedMotion: 'reduce',
  });
  await mockApi(context, stop.mock);
  const page = await context.newPage();
  try {
    await page.goto(baseUrl + stop.path);
    await stop.ready(page);
    return await page.evaluate(() => document.documentElement.scrollWidth);
  } finally {
    await context.close();
  }
}
