import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Corpus } from './corpora.js';
import type { CommandSpec } from './measure.js';
import { OUT_DIR, REPO_ROOT, REPOBUNDLE_BIN } from './paths.js';
import { parseRepomixStdout } from './repomix-output.js';
import { parsePackSummary } from './pack-summary.js';

export const TOOL_IDS = ['repobundle', 'repobundle-zip', 'repomix'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** What a tool says it did, for the table and the exactness check. */
export interface ToolFigures {
  readonly files: number;
  /** Sum of per-file token counts. */
  readonly tokens: number;
  /** False when the tool's report covers only some files (the sum is then a lower bound). */
  readonly tokensComplete: boolean;
  readonly outputTokens: number;
  /** Where the tool wrote its output (our overview lives in it). */
  readonly output: string;
}

export interface Tool {
  readonly id: ToolId;
  readonly label: string;
  /** Clears the previous output (outside the timed region) and returns the command to time. */
  prepare(corpus: Corpus): Promise<CommandSpec>;
  parse(stdout: string, corpus: Corpus): ToolFigures;
}

/** Our per-file cap (5 MB); repomix gets the same through its config. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const REPOMIX_BIN = path.join(REPO_ROOT, 'node_modules', 'repomix', 'bin', 'repomix.cjs');

function outputDir(corpus: Corpus, id: ToolId): string {
  return path.join(OUT_DIR, corpus.name, id);
}

function repobundle(id: 'repobundle' | 'repobundle-zip'): Tool {
  const fromZip = id === 'repobundle-zip';
  return {
    id,
    label: fromZip ? 'repobundle (zip)' : 'repobundle',
    async prepare(corpus) {
      const out = outputDir(corpus, id);
      await rm(out, { recursive: true, force: true });
      await mkdir(path.dirname(out), { recursive: true });
      return {
        command: process.execPath,
        args: [
          REPOBUNDLE_BIN,
          'pack',
          fromZip ? corpus.zip : corpus.dir,
          '-o',
          out,
          '--output-format',
          'md',
          '--encoding',
          'o200k_base',
          '--no-gitignore',
          '--json',
        ],
        cwd: REPO_ROOT,
      };
    },
    parse(stdout, corpus) {
      const summary = parsePackSummary(stdout);
      return {
        files: summary.files,
        tokens: summary.tokens,
        tokensComplete: true,
        outputTokens: summary.outputTokens,
        output: outputDir(corpus, id),
      };
    },
  };
}

/**
 * repomix with the closest options: markdown, no secret scan, o200k_base, same 5 MB cap, ignore
 * files off, no git history lookups (the corpora sit inside this repository's work tree), and
 * `--token-count-tree` so that the per-file counts it computes anyway are printed. Its on-disk
 * token-count cache (new in 1.14.1) is switched off: every run counts cold, as ours does.
 */
const repomix: Tool = {
  id: 'repomix',
  label: 'repomix 1.14.1',
  async prepare(corpus) {
    const out = outputDir(corpus, 'repomix');
    await rm(out, { recursive: true, force: true });
    await mkdir(out, { recursive: true });
    const config = path.join(out, 'repomix.config.json');
    await writeFile(config, JSON.stringify({ input: { maxFileSize: MAX_FILE_BYTES } }));
    return {
      command: process.execPath,
      args: [
        REPOMIX_BIN,
        corpus.dir,
        '-c',
        config,
        '-o',
        path.join(out, 'repomix-output.md'),
        '--style',
        'markdown',
        '--no-security-check',
        '--token-count-encoding',
        'o200k_base',
        '--token-count-tree',
        '--no-gitignore',
        '--no-dot-ignore',
        '--no-git-sort-by-changes',
      ],
      cwd: out,
      env: { ...process.env, REPOMIX_TOKEN_CACHE: '0', NO_COLOR: '1' },
    };
  },
  parse(stdout, corpus) {
    const figures = parseRepomixStdout(stdout);
    return { ...figures, output: path.join(outputDir(corpus, 'repomix'), 'repomix-output.md') };
  },
};

export const TOOLS: Readonly<Record<ToolId, Tool>> = {
  repobundle: repobundle('repobundle'),
  'repobundle-zip': repobundle('repobundle-zip'),
  repomix,
};
