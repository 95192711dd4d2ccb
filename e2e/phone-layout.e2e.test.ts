import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, webDist } from './lib/build-web.js';
import { chromiumPath, launchChromium } from './lib/chromium.js';
import { mockApi, type MockOptions } from './lib/mock-api.js';
import { startStaticServer } from './lib/static-server.js';
import { buildZip } from './lib/zip-file.js';

const PHONE = { width: 390, height: 844 };

// On a 390 x 844 phone: tabs that do not fit say so and keep the chosen one in view, the
// upload summary bar is a strip that leaves the tree and the options readable, and tables
// become cards rather than scroll sideways.
describe.skipIf(!chromiumPath)('phone layout', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startStaticServer>>;

  beforeAll(async () => {
    ensureWebBuild();
    site = await startStaticServer(webDist);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function open(path: string, mock: MockOptions = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    await mockApi(context, mock);
    const page = await context.newPage();
    await page.goto(site.url + path);
    return page;
  }

  /** Where a tab sits inside its scrolling list: whole, cut, or out of sight. */
  const placement = (page: Page, name: string) =>
    page.getByRole('tab', { name }).evaluate((tab) => {
      const list = tab.closest('[role="tablist"]')!.getBoundingClientRect();
      const box = tab.getBoundingClientRect();
      return box.left >= list.left && box.right <= list.right ? 'whole' : 'cut';
    });

  it('settings tabs show there are more, and keep the chosen tab in view', async () => {
    const page = await open('/settings', { signedIn: true });
    const tabs = page.getByRole('tablist', { name: 'Settings' });
    await tabs.waitFor();
    expect(await tabs.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
    await page.getByRole('button', { name: 'Show more tabs' }).waitFor();
    expect(await page.getByRole('button', { name: 'Show earlier tabs' }).count()).toBe(0);
    expect(await placement(page, 'Account')).toBe('cut');

    await page.getByRole('button', { name: 'Show more tabs' }).click();
    await page.getByRole('button', { name: 'Show earlier tabs' }).waitFor();
    await page.context().close();

    // Opened on the last tab: the list starts scrolled to it.
    const deep = await open('/settings?tab=account', { signedIn: true });
    await deep.getByRole('heading', { name: 'Account', exact: true }).first().waitFor();
    await expect.poll(() => placement(deep, 'Account')).toBe('whole');
    await deep.getByRole('button', { name: 'Show earlier tabs' }).waitFor();
    // Arrow keys move the choice; the newly chosen tab comes into view.
    await deep.getByRole('tab', { name: 'Account' }).focus();
    await deep.keyboard.press('Home');
    await expect.poll(() => placement(deep, 'Security')).toBe('whole');
    await deep.context().close();
  });

  it('the upload summary bar folds to a strip and unfolds for the rest', async () => {
    const page = await open('/demo');
    await page.getByLabel('Choose a ZIP archive').setInputFiles({
      name: 'app.zip',
      mimeType: 'application/zip',
      buffer: buildZip(
        Array.from({ length: 40 }, (_, i) => ({
          path: `app/src/module-${i}.ts`,
          data: `export const value${i} = ${i};\n`.repeat(30),
        })),
      ),
    });
    await page.locator('[data-testid="estimate-tokens"]:not([aria-busy])').waitFor();
    const bar = page.getByRole('region', { name: 'Summary' });
    const height = async () => (await bar.boundingBox())!.height;
    // A strip: at most 8% of the screen's height.
    expect(await height()).toBeLessThanOrEqual(PHONE.height * 0.08);
    for (const id of ['estimate-tokens', 'estimate-credits']) {
      expect(await page.getByTestId(id).isVisible()).toBe(true);
    }
    expect(await page.getByTestId('estimate-lines').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Process', exact: true }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'More details' }).click();
    expect(await page.getByTestId('estimate-lines').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Fewer details' }).click();
    expect(await page.getByTestId('estimate-lines').isVisible()).toBe(false);

    // At the end of the page nothing stays under the bar: the last content is above it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const dock = (await page.getByTestId('summary-dock').boundingBox())!;
    const config = (await page.getByRole('region', { name: 'Configuration' }).boundingBox())!;
    expect(config.y + config.height).toBeLessThanOrEqual(dock.y);
    await page.context().close();
  });

  it('every configuration tab can be chosen and then shows its whole label', async () => {
    const page = await open('/demo');
    await page.getByLabel('Choose a ZIP archive').setInputFiles({
      name: 'app.zip',
      mimeType: 'application/zip',
      buffer: buildZip([{ path: 'app/index.ts', data: 'export const one = 1;\n' }]),
    });
    const tabs = page.getByRole('tablist', { name: 'Configuration' });
    await tabs.waitFor();
    const names = await tabs.getByRole('tab').allInnerTexts();
    expect(names).toContain('Output & Processing');
    // Keyboard order from the first tab: each one chosen in turn must be whole on screen, not
    // under the list's edge arrows and not clipped inside its own box. Judged in the task of the
    // key press, after React's microtask has rendered it: that is the first frame painted,
    // before any scroll event could bring the edge arrows up to date.
    await tabs.getByRole('tab').first().focus();
    const seen = await tabs.evaluate(async (list) => {
      const frame = list.parentElement!;
      const judge = (node: Element) => {
        const box = node.getBoundingClientRect();
        const bounds = list.getBoundingClientRect();
        const arrows = Array.from(frame.querySelectorAll('button:not([role="tab"])'), (arrow) =>
          arrow.getBoundingClientRect(),
        );
        const covered = arrows.some((arrow) => arrow.right > box.left && arrow.left < box.right);
        const inList = box.left >= bounds.left - 0.5 && box.right <= bounds.right + 0.5;
        const onScreen = box.left >= 0 && box.right <= window.innerWidth;
        const clipped = node.scrollWidth > node.clientWidth + 1;
        return inList && onScreen && !covered && !clipped ? 'whole' : 'cut';
      };
      const tabsInOrder = Array.from(list.querySelectorAll('[role="tab"]'));
      const seenInOrder: string[] = [];
      for (let index = 0; index < tabsInOrder.length; index += 1) {
        if (index > 0) {
          const key = { key: 'ArrowRight', bubbles: true, cancelable: true };
          document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', key));
          await new Promise<void>((resolve) => queueMicrotask(resolve));
        }
        const chosen = list.querySelector('[role="tab"][aria-selected="true"]')!;
        seenInOrder.push(`${chosen.textContent}: ${judge(chosen)}`);
      }
      return seenInOrder;
    });
    expect(seen).toEqual(names.map((name) => `${name}: whole`));
    await page.context().close();
  });

  it('the API keys table becomes cards: nothing scrolls sideways, Revoke is on screen', async () => {
    const page = await open('/settings?tab=api-keys', { signedIn: true });
    await page.getByRole('row', { name: /CI pipeline/ }).waitFor();
    const table = page.getByRole('region', { name: 'Your API keys' });
    expect(await table.evaluate((region) => region.scrollWidth - region.clientWidth)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    for (const name of ['Revoke CI pipeline', 'Revoke Dashboard export']) {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // Each value keeps its column's name beside it once the header row is gone.
    const row = page.getByRole('row', { name: /CI pipeline/ });
    expect(await row.getByText('jobs', { exact: true }).isVisible()).toBe(true);
    expect(await row.locator('[data-label="Scope"]').isVisible()).toBe(true);
    await page.context().close();
  });
});
