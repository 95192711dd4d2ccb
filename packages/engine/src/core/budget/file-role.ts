/**
 * What part a file plays in its repository, as far as its path tells. Packing to a budget cuts
 * down the roles a reader needs least first: lock and data files, then generated and vendored
 * code, fixtures, tests; everything else (source, docs, configuration) ranks above them.
 */
export interface FileRole {
  /** Higher is more important. */
  readonly rank: number;
  readonly name: 'lock' | 'data' | 'generated' | 'vendored' | 'fixture' | 'test' | 'source';
}

const LOCK_NAMES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lock',
  'cargo.lock',
  'poetry.lock',
  'pipfile.lock',
  'gemfile.lock',
  'composer.lock',
  'go.sum',
  'flake.lock',
  'packages.lock.json',
  'mix.lock',
  'pubspec.lock',
  'podfile.lock',
  'uv.lock',
]);

const DATA_EXTENSIONS = new Set([
  'csv',
  'tsv',
  'jsonl',
  'ndjson',
  'geojson',
  'log',
  'dat',
  'psv',
  'arff',
  'svg',
]);

const GENERATED_NAME =
  /(\.min\.(js|css)|\.map|\.pb\.go|_pb2(_grpc)?\.pyi?|\.pb\.(h|cc)|\.generated\.[a-z]+|\.g\.dart|\.designer\.cs|\.snap)$/i;
const GENERATED_FOLDER = /(^|\/)(generated|__generated__|gen|autogen)\//i;
const VENDORED_FOLDER =
  /(^|\/)(vendor|vendors|third_party|third-party|thirdparty|external|bower_components)\//i;
const FIXTURE_FOLDER =
  /(^|\/)(fixtures?|__fixtures__|testdata|test-data|test_data|__snapshots__|golden|goldens|__mocks__|mocks?)\//i;
const TEST_FOLDER = /(^|\/)(tests?|__tests__|spec|specs|e2e|testing)\//i;
const TEST_NAME =
  /(\.(test|spec|e2e)\.[a-z0-9]+$|_test\.(go|py|rb|exs?|dart|cc|cpp|c)$|^test_[^/]*\.py$|_spec\.rb$|Tests?\.(java|kt|cs|scala|swift)$|Spec\.(scala|kt|groovy)$)/;

export function roleOf(path: string): FileRole {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const lower = name.toLowerCase();
  const extension = lower.includes('.') ? lower.slice(lower.lastIndexOf('.') + 1) : '';
  if (LOCK_NAMES.has(lower) || extension === 'lock') return { rank: 0, name: 'lock' };
  if (DATA_EXTENSIONS.has(extension)) return { rank: 0, name: 'data' };
  if (GENERATED_NAME.test(name) || GENERATED_FOLDER.test(path)) {
    return { rank: 1, name: 'generated' };
  }
  if (VENDORED_FOLDER.test(path)) return { rank: 1, name: 'vendored' };
  if (FIXTURE_FOLDER.test(path)) return { rank: 2, name: 'fixture' };
  if (TEST_NAME.test(name) || TEST_FOLDER.test(path)) return { rank: 3, name: 'test' };
  return { rank: 4, name: 'source' };
}
