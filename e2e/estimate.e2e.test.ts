import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
// The engine's entry point registers the vocabularies only Node reads (Tekken's file).
import '@repobundle/engine';
import type { TokenizerName } from '@repobundle/contract/models';
import { loadTokenCounter } from '@repobundle/engine/tokens';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from './lib/build-web.js';
import { chromiumPath, launchChromium } from './lib/chromium.js';
import { serverAvailable, startRealServer } from './lib/real-server.js';
import { startSmtpCapture } from './lib/smtp-capture.js';
import { screenshotDir } from './lib/tour.js';
import { buildZip, type ZipInput } from './lib/zip-file.js';

const PASSWORD = 'Blue#Kettle9x';
const ADMIN_TOKEN = randomBytes(24).toString('hex');
const EMAIL = `estimate.${Date.now()}@example.com`;

type Tokens = { access_token: string; refresh_token: string };

/** Files whose lines are far from "120 bytes a line": many short lines, few long ones. */
function shortLines(count: number, seed: string): string {
  return Array.from({ length: count }, (_, i) => `${seed}${i % 7}`).join('\n') + '\n';
}

interface EstimateArchive {
  name: string;
  entries: ZipInput[];
  uncheck: string[];
  /** Git Ignore tab settings made before counting. */
  rules?: { useGitignore: boolean; exclude: string[]; include: string[] };
  /** The files the job processes, when the default exclusions are not the whole story. */
  kept?: string[];
}

const archives: EstimateArchive[] = [
  {
    name: 'short-lines',
    entries: [
      { path: 'app/src/short.ts', data: shortLines(4100, 'x') },
      { path: 'app/src/crlf.py', data: 'a = 1\r\nb = 2\r\nprint(a + b)\r\n' },
      { path: 'app/src/no-newline.js', data: 'const a = 1;\nconst b = 2;' },
      { path: 'app/src/empty.txt', data: '' },
      { path: 'app/README.md', data: '# Title\n\nSome words about ünïcödé and 日本語.\n' },
      { path: 'app/package-lock.json', data: '{\n  "lockfileVersion": 3\n}\n' },
      { path: 'app/node_modules/pad/index.js', data: 'module.exports = 1;\n' },
      { path: 'app/logo.png', data: Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0]) },
    ],
    uncheck: [],
  },
  {
    name: 'long-lines',
    entries: [
      {
        path: 'data/wide.csv',
        data: Array.from({ length: 40 }, () => 'v,'.repeat(800)).join('\n'),
      },
      { path: 'data/notes.md', data: shortLines(2500, 'note ') },
      { path: 'data/blob.txt', data: Buffer.from('one\n\u0000two\nthree\n', 'utf8') },
      { path: 'src/main.go', data: 'package main\n\nfunc main() {\n\tprintln("hi")\n}\n' },
    ],
    uncheck: ['notes.md'],
  },
  {
    name: 'mixed',
    entries: [
      ...Array.from({ length: 30 }, (_, i) => ({
        path: `lib/module-${i}.rs`,
        data: `pub fn f${i}() -> u32 {\n    ${i}\n}\n`.repeat(20 + i),
      })),
      { path: 'lib/big.txt', data: shortLines(3000, '') },
    ],
    uncheck: ['big.txt', 'module-3.rs'],
  },
  {
    // The files left out by .gitignore files (the root's and a nested one) and by custom
    // exclude and include patterns hold most of the lines: counting them would show 15 credits
    // where the job reserves 3.
    name: 'gitignore-and-patterns',
    entries: [
      { path: '.gitignore', data: '*.log\ngenerated/\n!keep.log\n' },
      { path: 'src/.gitignore', data: 'local-*.ts\n' },
      { path: 'src/app.ts', data: shortLines(2500, 'app') },
      { path: 'src/local-config.ts', data: shortLines(5000, 'local') },
      { path: 'src/app.test.ts', data: shortLines(4000, 'test') },
      { path: 'src/debug.log', data: shortLines(3000, 'log') },
      { path: 'generated/api.ts', data: shortLines(6000, 'gen') },
      { path: 'docs/guide.md', data: shortLines(1500, 'guide ') },
      { path: 'docs/drafts/wip.md', data: shortLines(3000, 'wip ') },
      { path: 'tools/build.py', data: shortLines(3000, 'py') },
      { path: 'keep.log', data: 'kept by a negation, left out by the include patterns\n' },
    ],
    uncheck: [],
    rules: {
      useGitignore: true,
      exclude: ['**/*.test.ts', 'docs/drafts/'],
      include: ['src/', 'docs/'],
    },
    kept: ['src/.gitignore', 'src/app.ts', 'docs/guide.md'],
  },
];

// The summary bar's credits must be what the server reserves for the same selection, and its
// tokens the engine's exact count of the selected files: checked in Chromium against the real
// server for several archives and selections.
describe.skipIf(!chromiumPath || !serverAvailable)(
  'upload estimate against the real server',
  () => {
    let browser: Browser;
    let page: Page;
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
    let server: Awaited<ReturnType<typeof startRealServer>>;
    let dir: string;

    async function signUp(email: string): Promise<Tokens> {
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
      return (await verify.json()) as Tokens;
    }

    async function admin(path: string, body: unknown) {
      const response = await fetch(`${server.url}/admin/users/${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(200);
    }

    async function openUpload() {
      await page.goto(`${server.url}/upload`);
      await page.getByRole('heading', { name: 'New Job', exact: true }).waitFor();
    }

    async function chooseArchive(file: string) {
      await page.getByLabel('Choose a ZIP archive').setInputFiles(file);
      await page.getByRole('tree', { name: 'Files in the archive' }).waitFor({ timeout: 60_000 });
    }

    const figure = (id: string) => page.getByTestId(id).innerText();
    const number = (text: string) => Number(text.replace(/[^0-9]/g, ''));

    async function setRules(rules: NonNullable<EstimateArchive['rules']>) {
      const panel = page.getByRole('region', { name: 'Configuration' });
      await panel.getByRole('tab', { name: 'Git Ignore Configuration' }).click();
      if (rules.useGitignore) {
        await panel.getByRole('switch', { name: /Respect .gitignore files/ }).check();
      }
      for (const [type, patterns] of [
        ['exclude', rules.exclude],
        ['include', rules.include],
      ] as const) {
        await panel.getByLabel('Pattern type').selectOption(type);
        for (const pattern of patterns) {
          await panel.getByLabel('Pattern', { exact: true }).fill(pattern);
          await panel.getByRole('button', { name: 'Add Pattern' }).click();
        }
      }
    }

    async function waitUntilCounted(timeout = 60_000) {
      await page.locator('[data-testid="estimate-tokens"]:not([aria-busy])').waitFor({ timeout });
    }

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'estimate-e2e-'));
      ensureWebBuild();
      smtp = await startSmtpCapture();
      server = await startRealServer(smtp.port, {
        ADMIN_TOKEN,
        NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --conditions=source`.trim(),
      });
      browser = await launchChromium();
      page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      const tokens = await signUp(EMAIL);
      await admin(`${encodeURIComponent(EMAIL)}/plan`, { plan: 'pro', billing_cycle: 'monthly' });
      await page.goto(`${server.url}/healthz`);
      await page.evaluate(({ access_token, refresh_token }) => {
        localStorage.setItem('access_token', access_token);
        localStorage.setItem('refresh_token', refresh_token);
      }, tokens);
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await smtp?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    for (const archive of archives) {
      it(`shows the credits the server reserves and exact tokens: ${archive.name}`, async () => {
        const file = join(dir, `${archive.name}.zip`);
        writeFileSync(file, buildZip(archive.entries));
        await openUpload();
        await chooseArchive(file);
        for (const name of archive.uncheck) {
          await page.getByLabel('Search files').fill(name);
          await page.getByLabel(`Select ${name}`).uncheck();
        }
        await page.getByLabel('Search files').fill('');
        if (archive.rules) await setRules(archive.rules);
        await waitUntilCounted();

        const selected = archive.entries.filter((entry) => {
          if (archive.kept) return archive.kept.includes(entry.path);
          const name = entry.path.split('/').pop()!;
          return (
            !archive.uncheck.includes(name) && !/node_modules|package-lock|\.png$/.test(entry.path)
          );
        });
        const counter = await loadTokenCounter('o200k_base');
        const expectedTokens = selected.reduce((sum, entry) => {
          const bytes = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data);
          return sum + (bytes.includes(0) ? 0 : counter.count(bytes.toString('utf8')));
        }, 0);
        expect(number(await figure('estimate-tokens'))).toBe(expectedTokens);

        const shownCredits = await figure('estimate-credits');
        const shownLines = await figure('estimate-lines');
        const shownDollars = await figure('estimate-dollars');
        const plans = (await (await fetch(`${server.url}/payments/plans`)).json()) as {
          id: string;
          price_usd: number;
          credits_per_month: number;
        }[];
        const pro = plans.find((plan) => plan.id === 'pro')!;
        const proRate = pro.price_usd / pro.credits_per_month;
        expect(shownCredits).toMatch(/^\d+$/);
        expect(shownLines).not.toContain('~');
        await page.screenshot({
          path: join(screenshotDir, `estimate-${archive.name}-desktop.png`),
        });

        await page.getByRole('button', { name: 'Process', exact: true }).click();
        await page.waitForURL(/\/jobs\/[0-9a-f-]{36}$/, { timeout: 60_000 });
        const id = new URL(page.url()).pathname.split('/').pop()!;
        const token = await page.evaluate(() => localStorage.getItem('access_token'));
        const job = (await (
          await fetch(`${server.url}/api/jobs/${id}`, {
            headers: { Authorization: `Bearer ${token}` },
          })
        ).json()) as { reserved_credits: number };
        console.log(
          `[estimate e2e] ${archive.name}: ${shownLines} lines, ${shownCredits} credits shown, ${job.reserved_credits} reserved`,
        );
        expect(job.reserved_credits).toBe(Number(shownCredits));
        // The dollar figure is the credits at the person's plan rate from GET /payments/plans.
        expect(shownDollars).toBe(`$${(job.reserved_credits * proRate).toFixed(2)}`);
      });
    }

    it("counts a chosen model's tokens with its own tokenizer, exactly", async () => {
      const entries: ZipInput[] = [
        ...archives[2]!.entries.slice(0, 12),
        {
          path: 'lib/unicode.md',
          data: '# Ünïcödé\n\n日本語のテキスト, emojis 🚀🎉 and “quotes”.\n',
        },
        { path: 'lib/indent.py', data: 'def f(x):\n' + '        return x  # deep\n'.repeat(300) },
        { path: 'lib/blob.bin.txt', data: Buffer.from('text\n\u0000binary\n', 'utf8') },
      ];
      const file = join(dir, 'model-counts.zip');
      writeFileSync(file, buildZip(entries));
      await openUpload();
      await chooseArchive(file);
      const panel = page.getByRole('region', { name: 'Configuration' });
      await panel.getByRole('tab', { name: 'Fit to a Model' }).click();
      const modelFigure = page.getByTestId('estimate-model-tokens');
      const countedFigure = page.locator('[data-testid="estimate-model-tokens"]:not([aria-busy])');
      const exactCount = async (tokenizer: TokenizerName) => {
        const counter = await loadTokenCounter(tokenizer);
        return entries.reduce((sum, entry) => {
          const bytes = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data);
          return sum + (bytes.includes(0) ? 0 : counter.count(bytes.toString('utf8')));
        }, 0);
      };

      for (const [model, tokenizer] of [
        ['llama-3.1', 'llama3'],
        ['gpt-4', 'cl100k_base'],
        // Loaded from the app's own chunks like the others: Tekken's data file and Gemma 3's
        // tokenizer.json with its reference tokenizer.
        ['mistral-nemo', 'tekken'],
        ['gemma-3', 'gemma3'],
      ] as const) {
        await panel.getByLabel('Target model').selectOption(model);
        await countedFigure.waitFor({ timeout: 60_000 });
        const shown = await modelFigure.innerText();
        expect(shown, model).toMatch(/^[0-9,]+$/);
        expect(number(shown), model).toBe(await exactCount(tokenizer));
      }
      // Llama 3's figures were kept: back to it, the figure is exact at once.
      await panel.getByLabel('Target model').selectOption('llama-3.1');
      expect(await modelFigure.getAttribute('aria-busy')).toBeNull();
      expect(number(await modelFigure.innerText())).toBe(await exactCount('llama3'));

      // Claude's tokenizer is not public: an estimate with its band.
      await panel.getByLabel('Target model').selectOption('claude-sonnet-4');
      expect(await modelFigure.innerText()).toMatch(/^~[0-9,]+$/);
      expect(await page.getByTestId('estimate-model-fit').innerText()).toMatch(/^±15% · /);
    });

    it('lets a visitor try /demo: explorer and exact figures, nothing uploaded', async () => {
      const visitor = await (
        await browser.newContext({ viewport: { width: 1440, height: 900 } })
      ).newPage();
      const sent: string[] = [];
      visitor.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) sent.push(`${request.method()} ${url.pathname}`);
      });
      const archive = archives[0]!;
      const file = join(dir, 'demo.zip');
      writeFileSync(file, buildZip(archive.entries));
      await visitor.goto(`${server.url}/demo`);
      await visitor.getByRole('heading', { name: 'Try RepoBundle', exact: true }).waitFor();
      expect(await visitor.title()).toBe('Try it in your browser · RepoBundle');
      await visitor.getByLabel('Choose a ZIP archive').setInputFiles(file);
      await visitor
        .getByRole('tree', { name: 'Files in the archive' })
        .waitFor({ timeout: 60_000 });
      await visitor
        .locator('[data-testid="estimate-tokens"]:not([aria-busy])')
        .waitFor({ timeout: 60_000 });
      const counter = await loadTokenCounter('o200k_base');
      const expected = archive.entries
        .filter((entry) => !/node_modules|package-lock|\.png$/.test(entry.path))
        .reduce((sum, entry) => sum + counter.count(String(entry.data)), 0);
      expect(number(await visitor.getByTestId('estimate-tokens').innerText())).toBe(expected);
      expect(await visitor.getByTestId('estimate-lines').innerText()).toBe('4,108');
      expect(await visitor.getByTestId('estimate-credits').innerText()).toBe('3');
      await visitor.screenshot({ path: join(screenshotDir, 'demo-explorer-desktop.png') });
      await visitor.setViewportSize({ width: 390, height: 844 });
      await visitor.screenshot({ path: join(screenshotDir, 'demo-explorer-phone.png') });
      await visitor.setViewportSize({ width: 1440, height: 900 });
      expect(sent.filter((request) => request.includes('/api/jobs'))).toEqual([]);

      await visitor.getByRole('button', { name: 'Process', exact: true }).click();
      await visitor.waitForURL(/\/auth\?tab=signup$/);
      await visitor.getByText(/Create a free account to process your selection/).waitFor();
      await visitor.context().close();
    });

    it("lets the counting workers compile WebAssembly under the server's security policy", async () => {
      // The token counter falls back to JavaScript (about 1.4 times slower here) where the policy
      // forbids WebAssembly; this is what keeps the fast path on.
      await openUpload();
      await expect.poll(() => page.workers().length, { timeout: 10_000 }).toBeGreaterThan(0);
      for (const worker of page.workers()) {
        const outcome = await worker.evaluate(() => {
          try {
            new WebAssembly.Module(Uint8Array.of(0, 0x61, 0x73, 0x6d, 1, 0, 0, 0));
            return 'compiled';
          } catch (error) {
            return String(error);
          }
        });
        expect(outcome, worker.url()).toBe('compiled');
      }
    });

    it('counts the selection of a 50 MB archive (target: 5 s on an idle machine), the page responsive', async () => {
      // Source-like text of varied words and numbers (it deflates about 3:1, like code), files
      // added until the archive is about 50 MB.
      const words = ['const', 'value', 'return', 'function', 'index', 'result', 'items', 'map'];
      let seed = 12345;
      const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
      const sourceFile = (i: number) => {
        const lines: string[] = [];
        for (let l = 0; l < 4000; l++) {
          const a = words[next() % words.length]!;
          const b = words[next() % words.length]!;
          lines.push(`  ${a}_${l} = ${b}(${next().toString(16)}, ${l * i});`);
        }
        return lines.join('\n') + '\n';
      };
      const entries: ZipInput[] = [];
      for (let packed = 0, i = 0; packed < 50 * 1024 * 1024; i++) {
        const data = sourceFile(i);
        packed += deflateRawSync(data).length + 100;
        entries.push({ path: `repo/src/part-${i % 40}/file-${i}.ts`, data });
      }
      const file = join(dir, 'fifty.zip');
      const zip = buildZip(entries);
      writeFileSync(file, zip);
      await openUpload();
      // A timer every 20 ms notes its longest delay: the main thread's worst stall while counting.
      await page.evaluate(() => {
        const w = window as unknown as { worstGap: number };
        w.worstGap = 0;
        let last = performance.now();
        setInterval(() => {
          const now = performance.now();
          w.worstGap = Math.max(w.worstGap, now - last - 20);
          last = now;
        }, 20);
      });
      const started = Date.now();
      await chooseArchive(file);
      // While the workers count, the page answers a click: unchecking a folder changes the
      // selected files at once, the count still running.
      const files = () => figure('estimate-files').then(number);
      const shown = await figure('estimate-files');
      const clicked = Date.now();
      await page.getByLabel('Select part-0', { exact: true }).uncheck();
      await page.waitForFunction(
        (before) =>
          document.querySelector('[data-testid="estimate-files"]')?.textContent !== before,
        shown,
      );
      const answerMs = Date.now() - clicked;
      expect(await files()).toBeLessThan(number(shown));
      expect(await page.getByTestId('estimate-tokens').getAttribute('aria-busy')).toBe('true');
      await page.getByLabel('Select part-0', { exact: true }).check();
      // The stall figure covers the counting, not the clicks: finding a label by its text in a
      // tree of a thousand rows is the test driver's own work on the page's main thread.
      const clickStall = await page.evaluate(() => {
        const w = window as unknown as { worstGap: number };
        const worst = w.worstGap;
        w.worstGap = 0;
        return worst;
      });
      await waitUntilCounted(120_000);
      const ms = Date.now() - started;
      const load = loadavg()[0]!.toFixed(1);
      const worstGap = await page.evaluate(
        () => (window as unknown as { worstGap: number }).worstGap,
      );
      const tokens = await figure('estimate-tokens');
      console.log(
        `[estimate e2e] ${(zip.length / 1024 / 1024).toFixed(1)} MB archive, ${entries.length} files: ` +
          `${tokens} tokens counted in ${ms} ms from choosing the file; a click answered in ${answerMs} ms while counting (stall ${Math.round(clickStall)} ms until then); worst main-thread stall while counting ${Math.round(worstGap)} ms (load average ${load})`,
      );
      // The target is 5 s on an idle machine (bench/README.md records the measured figure and the
      // load it was measured under); this bound catches a counter that regresses by an order.
      expect(ms).toBeLessThan(30_000);
      expect(answerMs).toBeLessThan(2_000);
      expect(worstGap).toBeLessThan(500);
      // Writing 150 MB of source and deflating it takes a minute on a loaded machine.
    }, 300_000);
  },
);
