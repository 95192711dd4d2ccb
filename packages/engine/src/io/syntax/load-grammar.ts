import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { GrammarId } from '../../core/syntax/grammars.js';
import { GRAMMAR_FILES } from './grammar-files.js';

const require = createRequire(import.meta.url);

/** The bytes of a grammar's `.wasm`, resolved through node_modules like any dependency. */
export async function loadGrammarBytes(grammar: GrammarId): Promise<Uint8Array> {
  return new Uint8Array(await readFile(require.resolve(GRAMMAR_FILES[grammar])));
}

/** The bytes of web-tree-sitter's own runtime module. */
export async function loadRuntimeBytes(): Promise<Uint8Array> {
  return new Uint8Array(await readFile(require.resolve('web-tree-sitter/web-tree-sitter.wasm')));
}
