import { UsageError } from './parse-args.js';

/**
 * The paths given on stdin (`git ls-files`, `rg --files`, `fd`): one per line, or NUL-separated
 * with -z. Empty entries are dropped and a leading `./` removed; paths stay relative to the input.
 */
export function parsePathList(text: string, separator: 'lines' | 'nul'): string[] {
  const parts = separator === 'nul' ? text.split('\0') : text.split(/\r?\n/);
  const paths: string[] = [];
  for (const part of parts) {
    const path = separator === 'nul' ? part : part.trim();
    if (path === '') continue;
    paths.push(path.replace(/^(\.\/)+/, ''));
  }
  return paths;
}

export async function readStdinPaths(separator: 'lines' | 'nul'): Promise<string[]> {
  if (process.stdin.isTTY) {
    throw new UsageError(
      '--stdin reads paths from a pipe: git ls-files | repobundle pack . --stdin',
    );
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const paths = parsePathList(Buffer.concat(chunks).toString('utf8'), separator);
  if (paths.length === 0) throw new UsageError('--stdin was given, but no paths came on stdin.');
  return paths;
}
