// Ignore templates offered on the Git Ignore tab. Patterns are
// gitignore syntax, added as custom excludes with the source `template:{name}`.

export const GITIGNORE_TEMPLATES: ReadonlyArray<{ name: string; patterns: readonly string[] }> = [
  {
    name: 'Node.js',
    patterns: [
      'node_modules/',
      'npm-debug.log*',
      '.npm/',
      '*.tsbuildinfo',
      '.env',
      '.cache/',
      'coverage/',
    ],
  },
  {
    name: 'Python',
    patterns: [
      '__pycache__/',
      '*.py[cod]',
      '.venv/',
      'venv/',
      '*.egg-info/',
      '.pytest_cache/',
      '.mypy_cache/',
    ],
  },
  {
    name: 'React',
    patterns: [
      'node_modules/',
      'build/',
      '.env.local',
      '.env.*.local',
      'coverage/',
      '*.test.js.snap',
    ],
  },
  {
    name: 'Java',
    patterns: ['target/', '*.class', '.gradle/', 'build/', '*.jar', '.idea/', '*.iml'],
  },
  {
    name: 'Go',
    patterns: ['vendor/', 'bin/', '*.test', '*.out', 'go.work.sum'],
  },
];
