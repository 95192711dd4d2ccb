// Selection: which files of a source tree go on to decoding, and why the others do not.
export { selectFiles } from './select-files.js';
export { matchPatterns, type PatternMatch } from './match-patterns.js';
export type { Selection } from './select-files.js';
export {
  createSelectionRule,
  gitignoreFilesOf,
  gitignoreSource,
  type SelectionCandidate,
  type SelectionRule,
  type SelectionRuleOptions,
} from './selection-rule.js';
export {
  excludedFileRule,
  extensionOf,
  isBinaryExtension,
  isExcludedFolder,
} from '@repobundle/contract/files';
export { describeSkipReason, formatBytes } from './describe-skip-reason.js';
export { validatePattern } from './validate-pattern.js';
export type { PatternValidation } from './validate-pattern.js';
export { IgnoreMatcher } from './ignore-matcher.js';
export type { IgnoreSource } from './ignore-matcher.js';
export type { IgnorePattern } from './ignore-pattern.js';
