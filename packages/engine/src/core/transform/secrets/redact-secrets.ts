import type { CustomScanLimits } from './custom-patterns.js';
import {
  DEFAULT_CUSTOM_TIME_BUDGET_MS,
  compileCustomPatterns,
  findCustomSecrets,
} from './custom-patterns.js';
import type { SecretFinding } from './find-secrets.js';
import { findSecrets, resolveOverlaps } from './find-secrets.js';
import type { KeywordIndex } from './keyword-index.js';
import { buildKeywordIndex } from './keyword-index.js';
import { scannedFile } from './file-kind.js';
import { applyRedactions } from './redact.js';
import { SECRET_RULES } from './rules/index.js';
import type { CompiledRule } from './secret-rule.js';
import { compileRule } from './secret-rule.js';

export interface RedactionOptions {
  /** The file's path: configuration files read `key = value` as literal values. */
  readonly path?: string;
  /** User regular expressions (type `custom`); invalid ones are skipped with a note. */
  readonly customPatterns?: readonly string[];
  readonly customTimeBudgetMs?: number;
  /** Clock for the custom-pattern time budget (tests pass a fake one). */
  readonly now?: () => number;
  /**
   * False: find only, and give the text back as it is. Replacing builds a copy of the text, which
   * for a large file that holds a finding costs more than the scan.
   */
  readonly replace?: boolean;
}

export interface RedactionResult {
  readonly text: string;
  /** What was replaced, in order; `type` is the marker type. Never holds the secret. */
  readonly findings: readonly SecretFinding[];
  readonly notes: readonly string[];
}

let builtIn: { rules: readonly CompiledRule[]; index: KeywordIndex } | undefined;

/** Compiled once per thread (each pool worker has its own), on first use. */
export function builtInRules(): { rules: readonly CompiledRule[]; index: KeywordIndex } {
  if (!builtIn) {
    const rules = SECRET_RULES.map(compileRule);
    builtIn = { rules, index: buildKeywordIndex(rules) };
  }
  return builtIn;
}

const customCache = new Map<string, ReturnType<typeof compileCustomPatterns>>();

function customRules(patterns: readonly string[]): ReturnType<typeof compileCustomPatterns> {
  const key = JSON.stringify(patterns);
  let compiled = customCache.get(key);
  if (!compiled) {
    if (customCache.size > 16) customCache.clear();
    compiled = compileCustomPatterns(patterns, SECRET_RULES.length);
    customCache.set(key, compiled);
  }
  return compiled;
}

/**
 * Finds every credential in `text` and replaces each by `[REDACTED:<type>]`, in place (unless
 * `replace` is false).
 */
export function redactSecrets(text: string, options: RedactionOptions = {}): RedactionResult {
  const notes: string[] = [];
  let findings = findSecrets(text, builtInRules().index, scannedFile(options.path));
  const patterns = options.customPatterns ?? [];
  if (patterns.length > 0) {
    const custom = customRules(patterns);
    notes.push(...custom.problems);
    const limits: CustomScanLimits = {
      timeBudgetMs: options.customTimeBudgetMs ?? DEFAULT_CUSTOM_TIME_BUDGET_MS,
      now: options.now ?? (() => performance.now()),
    };
    const extra = findCustomSecrets(text, custom.rules, limits);
    if (extra.note) notes.push(extra.note);
    if (extra.findings.length > 0) findings = resolveOverlaps([...findings, ...extra.findings]);
  }
  const replaced = options.replace === false ? text : applyRedactions(text, findings);
  return { text: replaced, findings, notes };
}
