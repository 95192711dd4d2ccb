import { z } from 'zod';
import { textField } from './fields.js';

/** Ignore-pattern templates offered on the upload screen. */
export const gitignoreTemplates = [
  {
    name: 'Node.js',
    patterns: [
      'node_modules/',
      'npm-debug.log*',
      'yarn-error.log*',
      '.npm/',
      'coverage/',
      'dist/',
      '.env',
      '.env.*',
      '*.tsbuildinfo',
    ],
  },
  {
    name: 'Python',
    patterns: [
      '__pycache__/',
      '*.py[cod]',
      '*.egg-info/',
      '.venv/',
      'venv/',
      'env/',
      '.pytest_cache/',
      '.mypy_cache/',
      'build/',
      'dist/',
      '.ipynb_checkpoints/',
    ],
  },
  {
    name: 'React',
    patterns: [
      'node_modules/',
      'build/',
      'dist/',
      'coverage/',
      '.env.local',
      '.env.*.local',
      '*.log',
      '.cache/',
      'storybook-static/',
    ],
  },
  {
    name: 'Java',
    patterns: [
      'target/',
      'build/',
      '*.class',
      '*.jar',
      '*.war',
      '.gradle/',
      'out/',
      '.idea/',
      '*.iml',
      'hs_err_pid*',
    ],
  },
  {
    name: 'Go',
    patterns: ['bin/', 'vendor/', '*.exe', '*.test', '*.out', 'coverage.txt', 'go.work.sum'],
  },
] as const;

const patternText = textField().max(1024, 'A pattern must be at most 1024 characters long.');
const patternList = z
  .array(patternText, { error: 'patterns must be a list of strings.' })
  .max(1000, 'At most 1,000 patterns at once.');

export const validatePatternRequestSchema = z.strictObject({ pattern: patternText });
export const validatePatternsRequestSchema = z.strictObject({ patterns: patternList });
export const analyzePatternsRequestSchema = validatePatternsRequestSchema;
export const simulateMatchingRequestSchema = z.strictObject({
  patterns: patternList,
  test_files: z
    .array(textField().min(1).max(4096), { error: 'test_files must be a list of paths.' })
    .min(1, 'test_files needs at least one path.')
    .max(10_000, 'At most 10,000 test files at once.'),
});

export interface PatternValidationResult {
  pattern: string;
  valid: boolean;
  error: string | null;
}

export interface ValidatePatternsResponse {
  valid: boolean;
  valid_count: number;
  invalid_count: number;
  results: PatternValidationResult[];
}

export interface AnalyzePatternsResponse {
  total: number;
  exclude_count: number;
  include_count: number;
  directory_only_count: number;
  anchored_count: number;
  wildcard_count: number;
  duplicates: string[];
  invalid: PatternValidationResult[];
  warnings: string[];
}

export interface SimulateMatchingResponse {
  results: Array<{ path: string; ignored: boolean; pattern: string | null }>;
  ignored_count: number;
  included_count: number;
}
