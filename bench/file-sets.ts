import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parseOverviewFiles } from './overview-files.js';

/**
 * Which files each tool included, so that a file-count difference in the table can be explained
 * (a binary rule, an encoding, a size limit) instead of guessed at.
 */
export interface FileSetDiff {
  readonly onlyOurs: readonly string[];
  readonly onlyPeer: readonly string[];
}

/** Paths from repomix's markdown output (`## File: <path>` headings), streamed: it can be 150 MB. */
export async function readRepomixPaths(outputFile: string): Promise<Set<string>> {
  const paths = new Set<string>();
  const lines = createInterface({
    input: createReadStream(outputFile, 'utf8'),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    if (line.startsWith('## File: ')) paths.add(line.slice('## File: '.length));
  }
  return paths;
}

export async function readOverviewPaths(overviewFile: string): Promise<Set<string>> {
  return new Set(parseOverviewFiles(await readFile(overviewFile, 'utf8')).keys());
}

export function diffFileSets(ours: ReadonlySet<string>, peer: ReadonlySet<string>): FileSetDiff {
  return {
    onlyOurs: [...ours].filter((file) => !peer.has(file)).sort(),
    onlyPeer: [...peer].filter((file) => !ours.has(file)).sort(),
  };
}

export function formatFileSetDiff(diff: FileSetDiff, ours: string, peer: string): string[] {
  if (diff.onlyOurs.length === 0 && diff.onlyPeer.length === 0) {
    return [`  file sets: ${ours} and ${peer} included the same files`];
  }
  const sample = (files: readonly string[]): string =>
    files.slice(0, 5).join(', ') + (files.length > 5 ? ', ...' : '');
  return [
    `  file sets: ${diff.onlyOurs.length} only in ${ours}${diff.onlyOurs.length > 0 ? ` (${sample(diff.onlyOurs)})` : ''}`,
    `             ${diff.onlyPeer.length} only in ${peer}${diff.onlyPeer.length > 0 ? ` (${sample(diff.onlyPeer)})` : ''}`,
  ];
}
