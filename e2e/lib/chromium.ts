import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** CHROMIUM_PATH when set (a missing file there means no browser), else Debian's /usr/bin/chromium. */
export function findChromium(): string | null {
  const configured = process.env['CHROMIUM_PATH'];
  if (configured) return existsSync(configured) ? configured : null;
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path) => existsSync(path)) ?? null;
}

export const chromiumPath = findChromium();

if (!chromiumPath) {
  console.warn(
    '\n[e2e] SKIPPED: no Chromium found (set CHROMIUM_PATH or `apt-get install chromium`). Browser tests did not run.\n',
  );
}

export function launchChromium(): Promise<Browser> {
  if (!chromiumPath) throw new Error('No Chromium found');
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: FLAGS });
}
