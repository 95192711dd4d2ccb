import { Language, Parser } from 'web-tree-sitter';
import type { Tree } from 'web-tree-sitter';
import type { GrammarId } from '../../core/syntax/grammars.js';
import type { SyntaxParser } from '../../core/syntax/parser.js';
import type { SyntaxTree } from '../../core/syntax/syntax-tree.js';
import { loadGrammarBytes, loadRuntimeBytes } from './load-grammar.js';

/**
 * A parse that runs longer than this is cancelled and the file handled as if no grammar existed
 * (about 10x the slowest real file measured: a 5 MB file parses in about 2 s).
 */
const PARSE_BUDGET_MS = 20_000;

let runtime: Promise<void> | undefined;
const languages = new Map<GrammarId, Promise<Language | undefined>>();

/** web-tree-sitter's runtime, started once per thread from bytes (no path guessing). */
function startRuntime(): Promise<void> {
  runtime ??= loadRuntimeBytes().then((wasmBinary) => Parser.init({ wasmBinary }));
  return runtime;
}

/** A grammar, loaded on first use and kept for the thread's life; undefined if it fails. */
function loadLanguage(grammar: GrammarId): Promise<Language | undefined> {
  let language = languages.get(grammar);
  if (!language) {
    language = startRuntime()
      .then(() => loadGrammarBytes(grammar))
      .then((bytes) => Language.load(bytes))
      .catch(() => undefined);
    languages.set(grammar, language);
  }
  return language;
}

/**
 * The thread's parser: one web-tree-sitter Parser, one live tree at a time (the previous one is
 * freed when the next text is parsed), grammars loaded lazily.
 */
export function createTreeSitterParser(): SyntaxParser {
  let parser: Parser | undefined;
  let last: { grammar: GrammarId; text: string; tree: Tree | undefined } | undefined;

  return {
    async parse(grammar, text) {
      if (last && last.grammar === grammar && last.text === text) return last.tree;
      const language = await loadLanguage(grammar);
      if (!language) return undefined;
      last?.tree?.delete();
      last = undefined;
      parser ??= new Parser();
      parser.setLanguage(language);
      const deadline = performance.now() + PARSE_BUDGET_MS;
      const tree =
        parser.parse(text, null, { progressCallback: () => performance.now() > deadline }) ??
        undefined;
      // A cancelled parse would otherwise resume where it stopped on the next call.
      if (!tree) parser.reset();
      last = { grammar, text, tree };
      const result: SyntaxTree | undefined = tree;
      return result;
    },
  };
}

let shared: SyntaxParser | undefined;
let turn: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` with the calling thread's parser (main thread or pool worker) to itself. A tree is
 * valid only until the parser's next parse, and a thread processes several files at once (each
 * waits on reads and grammar loading), so two files must never interleave their parses: without
 * turns, the second file's parse frees the tree the first is still reading.
 */
export function withThreadParser<T>(work: (parser: SyntaxParser) => Promise<T>): Promise<T> {
  const parser = getTreeSitterParser();
  const result = turn.then(() => work(parser));
  turn = result.catch(() => undefined);
  return result;
}

/**
 * The calling thread's parser, for a caller that is alone on the thread (tests, tools); the
 * pipeline goes through withThreadParser.
 */
export function getTreeSitterParser(): SyntaxParser {
  shared ??= createTreeSitterParser();
  return shared;
}
