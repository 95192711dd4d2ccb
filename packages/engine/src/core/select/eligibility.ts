/**
 * Eligibility rules that do not depend on the user's options (DESIGN 4.4). Names compare
 * case-insensitively, as the spec lists them in lower case (`__macosx`, `.ds_store`).
 */

/** The spec's excluded folders. */
const EXCLUDED_FOLDERS: ReadonlySet<string> = new Set([
  'node_modules',
  '.git',
  '__pycache__',
  'venv',
  'env',
  '.idea',
  '.vscode',
  'dist',
  'build',
  'coverage',
  '__macosx',
]);

/**
 * Lock files: machine-written dependency snapshots, often huge, that tell a reader nothing the
 * manifest does not. Beyond the spec's three we drop every lock file with an unambiguous name
 * (Cargo.lock, poetry.lock, go.sum...): the manifests (Cargo.toml, pyproject.toml, go.mod) stay.
 */
const LOCK_FILES: ReadonlySet<string> = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lock',
  'bun.lockb',
  'deno.lock',
  'cargo.lock',
  'poetry.lock',
  'pipfile.lock',
  'pdm.lock',
  'uv.lock',
  'composer.lock',
  'gemfile.lock',
  'go.sum',
  'go.work.sum',
  'mix.lock',
  'pubspec.lock',
  'podfile.lock',
  'packages.lock.json',
  'paket.lock',
  'gradle.lockfile',
  'flake.lock',
  'package.resolved',
  'cartfile.resolved',
  'conan.lock',
  'manifest.lock',
]);

/** Operating-system metadata that is never part of a project. */
const SYSTEM_FILES: ReadonlySet<string> = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);

/** True for a folder name selection excludes wholesale; directory sources prune on it. */
export function isExcludedFolder(name: string): boolean {
  return EXCLUDED_FOLDERS.has(name.toLowerCase());
}

/** The rule that excludes a file by its basename (`lock file`, `system file`), else undefined. */
export function excludedFileRule(basename: string): string | undefined {
  const name = basename.toLowerCase();
  if (LOCK_FILES.has(name)) return 'lock file';
  if (SYSTEM_FILES.has(name)) return 'system file';
  if (name.startsWith('._')) return 'macOS resource fork';
  return undefined;
}
