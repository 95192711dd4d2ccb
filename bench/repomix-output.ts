/** What repomix 1.14.1 prints on stdout with `--token-count-tree`, reduced to our figures. */
export interface RepomixFigures {
  readonly files: number;
  /**
   * Sum of the per-file counts its tree shows (each file's content after repomix's `trim()`).
   * The tree leaves out folders whose name starts with `_` (its `_files`/`_tokenSum` keys clash
   * with them), so on such corpora this is a lower bound: see `tokensComplete`.
   */
  readonly tokens: number;
  /** True when the tree shows every file repomix packed. */
  readonly tokensComplete: boolean;
  /** repomix's "Total Tokens": per-file sum plus the wrapper, counted apart (not re-tokenized). */
  readonly outputTokens: number;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const TREE_LINE = /^[│ ]*[├└]── (.+) \(([\d.,\s]+) tokens\)\s*$/;

export function parseRepomixStdout(stdout: string): RepomixFigures {
  const text = stdout.replace(ANSI, '');
  const files = readNumber(/Total Files:\s*([\d.,\s]+?)\s*files/.exec(text)?.[1]);
  const outputTokens = readNumber(/Total Tokens:\s*([\d.,\s]+?)\s*tokens/.exec(text)?.[1]);
  const treeStart = text.indexOf('Token Count Tree:');
  if (files === undefined || outputTokens === undefined || treeStart < 0) {
    throw new Error('repomix output has no "Total Files", "Total Tokens" or token count tree');
  }
  let treeFiles = 0;
  let tokens = 0;
  for (const line of text.slice(treeStart).split('\n')) {
    const match = TREE_LINE.exec(line);
    // Folder lines end in `/` and repeat their files' sums: count file lines only.
    if (!match || (match[1] ?? '').endsWith('/')) continue;
    treeFiles += 1;
    tokens += readNumber(match[2]) ?? 0;
  }
  return { files, tokens, tokensComplete: treeFiles === files, outputTokens };
}

/** Locale-formatted numbers (`1,234`, `1.234`, `1 234`): keep the digits only. */
function readNumber(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const digits = text.replace(/\D/g, '');
  return digits === '' ? undefined : Number(digits);
}
