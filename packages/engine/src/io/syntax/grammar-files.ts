import type { GrammarId } from '../../core/syntax/grammars.js';

/**
 * Where each grammar's `.wasm` ships: `<npm package>/<file>`, resolved from this package. Every
 * file is built with tree-sitter ABI 14 or 15, which web-tree-sitter 0.27 loads (the older
 * `tree-sitter-wasms` bundle is not: its files use the pre-`dylink.0` layout).
 */
export const GRAMMAR_FILES: Readonly<Record<GrammarId, string>> = {
  typescript: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-typescript/tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-javascript/tree-sitter-javascript.wasm',
  python: 'tree-sitter-python/tree-sitter-python.wasm',
  go: 'tree-sitter-go/tree-sitter-go.wasm',
  java: 'tree-sitter-java/tree-sitter-java.wasm',
  rust: 'tree-sitter-rust/tree-sitter-rust.wasm',
  c: 'tree-sitter-c/tree-sitter-c.wasm',
  cpp: 'tree-sitter-cpp/tree-sitter-cpp.wasm',
  c_sharp: 'tree-sitter-c-sharp/tree-sitter-c_sharp.wasm',
  ruby: 'tree-sitter-ruby/tree-sitter-ruby.wasm',
  php: 'tree-sitter-php/tree-sitter-php.wasm',
  bash: 'tree-sitter-bash/tree-sitter-bash.wasm',
  css: 'tree-sitter-css/tree-sitter-css.wasm',
  html: 'tree-sitter-html/tree-sitter-html.wasm',
  scala: 'tree-sitter-scala/tree-sitter-scala.wasm',
  kotlin: '@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm',
  lua: '@tree-sitter-grammars/tree-sitter-lua/tree-sitter-lua.wasm',
  haskell: 'tree-sitter-haskell/tree-sitter-haskell.wasm',
  zig: '@tree-sitter-grammars/tree-sitter-zig/tree-sitter-zig.wasm',
  json: 'tree-sitter-json/tree-sitter-json.wasm',
  yaml: '@tree-sitter-grammars/tree-sitter-yaml/tree-sitter-yaml.wasm',
  toml: '@tree-sitter-grammars/tree-sitter-toml/tree-sitter-toml.wasm',
  hcl: '@tree-sitter-grammars/tree-sitter-hcl/tree-sitter-hcl.wasm',
  make: 'tree-sitter-make/tree-sitter-make.wasm',
};
