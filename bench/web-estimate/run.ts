import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../../e2e/lib/chromium.js';
import { ensureWebBuild, repoRoot, webDist } from '../../e2e/lib/build-web.js';
import { startStaticServer } from '../../e2e/lib/static-server.js';
import { cpuBetween, cpuSnapshot } from './browser-cpu.js';
import { buildCorpus } from './corpus.js';
import { WorkerProfiler } from './worker-profiler.js';

// Times the upload explorer's exact estimate in Chromium: from choosing a ~50 MB ZIP of real code
// to the summary bar's final token figure, with the longest main-thread task meanwhile. The
// /demo page runs the same explorer, counting workers and summary bar as /upload, with no
// account and nothing uploaded, so only the built web app needs serving.

const USAGE = `npx tsx bench/web-estimate/run.ts [--mb 50] [--runs 3] [--settle-ms 0] [--profile] [--dist DIR]
Builds bench/.corpora/web-estimate-<mb>mb.zip once (from node_modules), then per run opens /demo
in a fresh Chromium page, chooses the archive (at once, or --settle-ms after the page showed, as
a person picking a file would) and waits for the exact token figure. Rebuild the
web app first (npm run build -w @repobundle/web) after changing it. --profile writes the page's
main-thread CPU profile of each run to bench/.out/web-estimate/main-<run>.cpuprofile, and each
counting worker's to worker-<run>-<k>.cpuprofile (open them in Chrome's DevTools); --dist
serves another build of the web app (an earlier commit's, to compare).`;

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    'settle-ms': { type: 'string', default: '0' },
    profile: { type: 'boolean', default: false },
    dist: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const targetMb = Number(values.mb);
const runs = Number(values.runs);
const settleMs = Number(values['settle-ms']);

// Runs in the page: notes every long task (over 50 ms) and the worst lateness of a 20 ms timer.
const MONITOR = `(() => {
  window.__bench = { longest: 0, longTasks: 0, worstGap: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__bench.longTasks++;
      window.__bench.longest = Math.max(window.__bench.longest, entry.duration);
    }
  }).observe({ type: 'longtask', buffered: false });
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    window.__bench.worstGap = Math.max(window.__bench.worstGap, now - last - 20);
    last = now;
  }, 20);
})()`;

interface RunFigures {
  seconds: number;
  /** CPU the browser used meanwhile (all its processes and threads). */
  cpuSeconds: number;
  longestTaskMs: number;
  longTasks: number;
  worstGapMs: number;
  tokens: string;
  lines: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main() {
  const dir = join(repoRoot, 'bench', '.corpora');
  mkdirSync(dir, { recursive: true });
  const corpus = buildCorpus(
    join(repoRoot, 'node_modules'),
    join(dir, `web-estimate-${targetMb}mb.zip`),
    targetMb,
  );
  console.log(
    `archive: ${(corpus.bytes / 1024 / 1024).toFixed(1)} MB, ${corpus.files} files, ` +
      `${(corpus.textBytes / 1024 / 1024).toFixed(1)} MB of text`,
  );
  if (!values.dist) ensureWebBuild();
  const server = await startStaticServer(values.dist ?? webDist);
  const browser = await launchChromium();
  const results: RunFigures[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/demo`);
      await page.getByRole('heading', { name: 'Try RepoBundle' }).waitFor();
      await page.evaluate(MONITOR);
      // A person takes seconds to pick a file; meanwhile the page's workers load their vocabulary.
      if (settleMs > 0) await page.waitForTimeout(settleMs);
      const cdp = values.profile ? await context.newCDPSession(page) : null;
      const workers = values.profile ? await WorkerProfiler.start(browser) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
        await cdp.send('Profiler.start');
      }
      const cpuBefore = cpuSnapshot();
      const started = performance.now();
      await page.getByLabel('Choose a ZIP archive').setInputFiles(corpus.file);
      await page
        .locator('[data-testid="estimate-tokens"]:not([aria-busy])')
        .waitFor({ timeout: 300_000 });
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuBetween(cpuBefore, cpuSnapshot());
      const cpuSeconds = cpu.total;
      const threads = [...cpu.byName]
        .filter(([, used]) => used >= 0.1)
        .sort((a, b) => b[1] - a[1])
        .map(([name, used]) => `${name} ${used.toFixed(1)}`)
        .join(', ');
      if (cdp) {
        const { profile } = await cdp.send('Profiler.stop');
        const out = join(repoRoot, 'bench', '.out', 'web-estimate');
        mkdirSync(out, { recursive: true });
        writeFileSync(join(out, `main-${run + 1}.cpuprofile`), JSON.stringify(profile));
      }
      if (workers) {
        const out = join(repoRoot, 'bench', '.out', 'web-estimate');
        (await workers.stop()).forEach((profile, index) =>
          writeFileSync(
            join(out, `worker-${run + 1}-${index + 1}.cpuprofile`),
            JSON.stringify(profile),
          ),
        );
      }
      const monitor = (await page.evaluate('window.__bench')) as {
        longest: number;
        longTasks: number;
        worstGap: number;
      };
      const figures: RunFigures = {
        seconds,
        cpuSeconds,
        longestTaskMs: monitor.longest,
        longTasks: monitor.longTasks,
        worstGapMs: monitor.worstGap,
        tokens: await page.getByTestId('estimate-tokens').innerText(),
        lines: await page.getByTestId('estimate-lines').innerText(),
      };
      results.push(figures);
      console.log(`  CPU seconds by thread: ${threads}`);
      console.log(
        `run ${run + 1}: ${seconds.toFixed(2)} s to the final figure, browser CPU ${cpuSeconds.toFixed(1)} s ` +
          `(${figures.tokens} tokens, ` +
          `${figures.lines} lines); longest main-thread task ${Math.round(monitor.longest)} ms ` +
          `(${monitor.longTasks} over 50 ms), worst 20 ms-timer delay ${Math.round(monitor.worstGap)} ms`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(
    `median of ${runs}: ${median(results.map((r) => r.seconds)).toFixed(2)} s, browser CPU ` +
      `${median(results.map((r) => r.cpuSeconds)).toFixed(1)} s, longest task ` +
      `${Math.round(median(results.map((r) => r.longestTaskMs)))} ms; load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
  );
}

await main();
