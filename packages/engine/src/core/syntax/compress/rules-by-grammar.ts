import type { GrammarId } from '../grammars.js';
import type { CompressRules } from './compress-rules.js';
import {
  C_RULES,
  C_SHARP_RULES,
  CPP_RULES,
  GO_RULES,
  JAVA_RULES,
  KOTLIN_RULES,
  PHP_RULES,
  RUST_RULES,
  SCALA_RULES,
  ZIG_RULES,
} from './rules/c-family-rules.js';
import { JAVASCRIPT_RULES } from './rules/javascript-rules.js';
import { CSS_RULES, HTML_RULES, MAKE_RULES } from './rules/markup-rules.js';
import { PYTHON_RULES } from './rules/python-rules.js';
import { BASH_RULES, HASKELL_RULES, LUA_RULES, RUBY_RULES } from './rules/script-rules.js';

/**
 * The compression rules of every shipped grammar. `data`: configuration and data formats
 * (JSON, YAML, TOML, HCL) have no bodies or signatures; they are kept whole.
 */
export const RULES_BY_GRAMMAR: Readonly<Record<GrammarId, CompressRules | 'data'>> = {
  typescript: JAVASCRIPT_RULES,
  tsx: JAVASCRIPT_RULES,
  javascript: JAVASCRIPT_RULES,
  python: PYTHON_RULES,
  go: GO_RULES,
  java: JAVA_RULES,
  rust: RUST_RULES,
  c: C_RULES,
  cpp: CPP_RULES,
  c_sharp: C_SHARP_RULES,
  ruby: RUBY_RULES,
  php: PHP_RULES,
  bash: BASH_RULES,
  css: CSS_RULES,
  html: HTML_RULES,
  scala: SCALA_RULES,
  kotlin: KOTLIN_RULES,
  lua: LUA_RULES,
  haskell: HASKELL_RULES,
  zig: ZIG_RULES,
  json: 'data',
  yaml: 'data',
  toml: 'data',
  hcl: 'data',
  make: MAKE_RULES,
};
