import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadTokenCounter } from '@repobundle/engine/tokens';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, repoRoot, webDist } from './lib/build-web.js';
import { chromiumPath, launchChromium } from './lib/chromium.js';
import { mockApi } from './lib/mock-api.js';
import { startStaticServer } from './lib/static-server.js';
import { screenshotDir } from './lib/tour.js';

interface Sample {
  source: { name: string; version: string; license: string };
  generated_at: string;
  statistics: { files: number; lines: number; output_tokens: number };
  overview: { file_name: string; text: string };
  chunks: { index: number; file_name: string; tokens: number; text: string }[];
}

const CLI = join(repoRoot, 'packages', 'engine', 'bin', 'repobundle.js');
const msDir = dirname(
  createRequire(join(repoRoot, 'packages', 'web', 'package.json')).resolve('ms/package.json'),
);

// The landing page's sample bundle is the engine's own output for a real package, made during
// the web build: the same bytes as the CLI writes for that folder, each chunk's token count the
// engine's exact count, and the page shows both.
describe('the landing page sample bundle', () => {
  let sample: Sample;
  let out: string;

  beforeAll(() => {
    ensureWebBuild();
    sample = JSON.parse(readFileSync(join(webDist, 'samples', 'ms-bundle.json'), 'utf8')) as Sample;
    out = mkdtempSync(join(tmpdir(), 'landing-sample-'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('is what the built CLI writes for the same package', async () => {
    const manifest = JSON.parse(readFileSync(join(msDir, 'package.json'), 'utf8')) as {
      version: string;
      license: string;
    };
    expect(sample.source).toMatchObject({
      name: 'ms',
      version: manifest.version,
      license: manifest.license,
    });
    const epoch = String(Date.parse(sample.generated_at) / 1000);
    execFileSync(process.execPath, [CLI, 'pack', msDir, '-o', out], {
      env: { ...process.env, SOURCE_DATE_EPOCH: epoch },
      stdio: 'pipe',
    });
    expect(readFileSync(join(out, sample.overview.file_name), 'utf8')).toBe(sample.overview.text);
    const written = readdirSync(join(out, 'chunks')).sort();
    expect(written).toEqual(sample.chunks.map((chunk) => chunk.file_name));
    const counter = await loadTokenCounter('o200k_base');
    for (const chunk of sample.chunks) {
      expect(readFileSync(join(out, 'chunks', chunk.file_name), 'utf8')).toBe(chunk.text);
      expect(chunk.tokens).toBe(counter.count(chunk.text));
    }
    expect(sample.statistics.output_tokens).toBe(
      sample.chunks.reduce((sum, chunk) => sum + chunk.tokens, 0),
    );
  });

  describe.skipIf(!chromiumPath)('in Chromium', () => {
    let browser: Browser;
    let site: Awaited<ReturnType<typeof startStaticServer>>;

    beforeAll(async () => {
      site = await startStaticServer(webDist);
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await site?.close();
    });

    it('shows the overview and a chunk with its exact token count', async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await mockApi(context);
      const page = await context.newPage();
      await page.goto(site.url);
      const files = page.getByRole('tablist', { name: 'Files of the sample bundle' });
      await files.waitFor();
      const chunk = sample.chunks[0]!;
      const chunkTab = files.getByRole('tab', { name: new RegExp(chunk.file_name) });
      expect(await chunkTab.getAttribute('aria-selected')).toBe('true');
      expect(await page.getByTestId('sample-chunk-tokens').first().innerText()).toBe(
        `${chunk.tokens.toLocaleString('en-US')} tokens`,
      );
      const panel = page.getByRole('tabpanel');
      expect(await panel.textContent()).toBe(chunk.text);

      await files.getByRole('tab', { name: sample.overview.file_name }).click();
      expect(await panel.innerText()).toContain('# Overview: ms');
      expect(await panel.textContent()).toBe(sample.overview.text);
      await page
        .getByRole('heading', { name: 'See a real bundle', exact: true })
        .evaluate((node) => node.scrollIntoView());
      await page.screenshot({ path: join(screenshotDir, 'landing-sample-desktop.png') });
      await context.close();
    });
  });
});
