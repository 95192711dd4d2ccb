/**
 * What corpus building deletes after unpacking, so that RepoBundle and repomix see the same
 * files. It is the union of both tools' built-in exclusions: ours (docs/product.md#eligible-files) exclude folders
 * such as `dist` and `build` at any depth, repomix's default patterns exclude others (some only
 * at the root, some anywhere). Anything either tool would drop by name is removed up front, so
 * file-count differences left in the report come from content rules (binary, size, encoding).
 */

const PRUNED_FOLDERS: ReadonlySet<string> = new Set([
  // ours
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
  // repomix 1.14.1 defaultIgnoreList
  '.hg',
  '.svn',
  'bower_components',
  'jspm_packages',
  'vendor',
  '.bundle',
  '.gradle',
  'target',
  'logs',
  'pids',
  'lib-cov',
  '.nyc_output',
  '.grunt',
  'typings',
  '.npm',
  '.yarn',
  '.next',
  '.nuxt',
  '.serverless',
  '.fusebox',
  '.dynamodb',
  'out',
  'tmp',
  'temp',
  '.venv',
  '.pytest_cache',
  '.mypy_cache',
  '.ipynb_checkpoints',
  '.rollup.cache',
  '.webpack.cache',
  '.parcel-cache',
  '.sass-cache',
]);

const PRUNED_FILES: ReadonlySet<string> = new Set([
  // lock files (both tools) and system files
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
  'stack.yaml.lock',
  'cabal.project.freeze',
  'cargo.toml.orig',
  '.ds_store',
  'thumbs.db',
  'desktop.ini',
  // repomix-only names
  '.hgignore',
  '.lock-wscript',
  '.eslintcache',
  '.node_repl_history',
  '.env',
  '.yarn-integrity',
  // ignore files: both tools run with ignore files off, removing them keeps it that way
  '.gitignore',
  '.ignore',
  '.repomixignore',
]);

/** repomix's default file globs that are suffix rules (`**\/*.log`, `*.tgz`...). */
const PRUNED_SUFFIXES: readonly string[] = [
  '.log',
  '.pid',
  '.seed',
  '.pid.lock',
  '.cache',
  '.tgz',
  '.swp',
  '.swo',
  '.swn',
  '.bak',
  '.pyc',
  '.pyo',
  '.pyd',
  '.rs.bk',
];

export function isPrunedFolder(name: string): boolean {
  return PRUNED_FOLDERS.has(name.toLowerCase());
}

export function isPrunedFile(name: string): boolean {
  const lower = name.toLowerCase();
  if (PRUNED_FILES.has(lower)) return true;
  if (lower.startsWith('._')) return true;
  if (lower.startsWith('repomix-output.') || lower.startsWith('repopack-output.')) return true;
  if (lower.startsWith('npm-debug.log') || lower.startsWith('yarn-debug.log')) return true;
  if (lower.startsWith('yarn-error.log')) return true;
  return PRUNED_SUFFIXES.some((suffix) => lower.endsWith(suffix));
}
