import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const webDist = join(repoRoot, 'packages', 'web', 'dist');

/** Builds the web app once when dist/ is missing (CI after a fresh clone). */
export function ensureWebBuild(): void {
  if (existsSync(join(webDist, 'index.html'))) return;
  execFileSync('npm', ['run', 'build', '-w', '@repobundle/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}
