import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { get_encoding } from 'tiktoken';
import type { TiktokenEncoding } from 'tiktoken';
import { listCandidates, readText } from './eligible-files.js';
import { parseOverviewFiles } from './overview-files.js';

/**
 * An independent exact count: tiktoken (OpenAI's Rust BPE, as WASM) over the files our CLI
 * included, `encode_ordinary` so that text such as `<|endoftext|>` counts as plain text.
 */
export interface ExactCount {
  /** Where the file list came from: our overview's Files table, or a re-walk of the corpus. */
  readonly source: 'overview' | 're-walk';
  readonly files: number;
  readonly tokens: number;
  readonly bytes: number;
  readonly seconds: number;
  /** Files whose count differs from the overview's, at most 10 (overview source only). */
  readonly differingFiles: readonly { path: string; ours: number; tiktoken: number }[];
  /** Files the overview lists that could not be read as text here. */
  readonly unreadable: readonly string[];
}

export async function countExactly(
  corpusDir: string,
  overviewFile: string,
  encoding: TiktokenEncoding = 'o200k_base',
): Promise<ExactCount> {
  const started = performance.now();
  const listed = parseOverviewFiles(await readFile(overviewFile, 'utf8').catch(() => ''));
  const source = listed.size > 0 ? 'overview' : 're-walk';
  const paths = source === 'overview' ? [...listed.keys()] : await listCandidates(corpusDir);
  const encoder = get_encoding(encoding);
  const differingFiles: { path: string; ours: number; tiktoken: number }[] = [];
  const unreadable: string[] = [];
  let files = 0;
  let tokens = 0;
  let bytes = 0;
  try {
    for (const file of paths) {
      const text = await readText(corpusDir, file).catch(() => undefined);
      if (text === undefined) {
        if (source === 'overview') unreadable.push(file);
        continue;
      }
      const count = encoder.encode_ordinary(text).length;
      files += 1;
      tokens += count;
      bytes += Buffer.byteLength(text);
      const ours = listed.get(file);
      if (ours !== undefined && ours !== count && differingFiles.length < 10) {
        differingFiles.push({ path: file, ours, tiktoken: count });
      }
    }
  } finally {
    encoder.free();
  }
  const seconds = (performance.now() - started) / 1000;
  return { source, files, tokens, bytes, seconds, differingFiles, unreadable };
}

/** The lines printed beside our `tokens`. */
export function formatExactCount(
  corpus: string,
  ours: { files: number; tokens: number },
  exact: ExactCount,
): string[] {
  const verdict = ours.tokens === exact.tokens ? 'equal' : 'DIFFERENT';
  const lines = [
    `exact count (${corpus}): repobundle ${ours.tokens} tokens in ${ours.files} files; ` +
      `tiktoken ${exact.tokens} tokens in ${exact.files} files (list from ${exact.source}) -> ${verdict}`,
    `  tiktoken counted ${(exact.bytes / 1e6).toFixed(1)} MB in ${exact.seconds.toFixed(1)} s ` +
      `(${(exact.bytes / 1e6 / exact.seconds).toFixed(2)} MB/s, one thread)`,
  ];
  if (ours.files !== exact.files) {
    lines.push(`  file counts differ: the re-walk's rules and the engine's disagree on some files`);
  }
  for (const file of exact.differingFiles) {
    lines.push(`  ${file.path}: repobundle ${file.ours}, tiktoken ${file.tiktoken}`);
  }
  if (exact.unreadable.length > 0) {
    lines.push(
      `  ${exact.unreadable.length} listed files not decodable here, e.g. ${exact.unreadable[0]}`,
    );
  }
  return lines;
}

export function overviewPath(outputDir: string): string {
  return path.join(outputDir, 'overview.md');
}
