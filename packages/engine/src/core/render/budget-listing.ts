import { pieceSummary } from './labels.js';
import type { OverviewModel } from './overview-model.js';
import { formatChunkList, toPieceRange } from './overview-model.js';
import type { OverviewSection } from './overview-sections.js';
import { LEVEL_TAGS, levelTagLegend, renderTree } from './tree.js';

/**
 * With a token budget the overview competes with the code for the same tokens, so md and txt
 * list the files once, as the directory tree: each file line carries its level's tag, its tokens
 * in this bundle and, when there are several chunks, the chunks that hold it. That replaces the
 * tree plus a files table (path, language, lines, tokens, chunks) that repeated every path, and
 * the chunk index shrinks to a count of files per chunk plus the files split across chunks.
 */
export function budgetListingSections(model: OverviewModel): OverviewSection[] {
  const manyChunks = model.chunks.length > 1;
  const suffixes = new Map<string, string>();
  const tags = new Map<string, string>();
  for (const file of model.files) {
    const level = file.level ?? 'full';
    tags.set(file.path, LEVEL_TAGS[level]);
    if (level === 'path_only') continue;
    const chunks = manyChunks ? ` [${formatChunkList(file.chunks)}]` : '';
    suffixes.set(file.path, `${file.tokens}${chunks}`);
  }
  const line = manyChunks
    ? 'tag, name, tokens in this bundle, the chunks holding it (in brackets). P files have no text here'
    : 'tag, name, tokens in this bundle. P files have no text here';
  return [
    {
      title: 'Levels',
      kind: 'fields',
      fields: [
        ['Tags in the file tree', levelTagLegend()],
        ['A file line', line],
      ],
    },
    {
      title: 'File tree',
      kind: 'text',
      text: renderTree(
        model.files.map((file) => file.path),
        tags,
        suffixes,
      ),
    },
  ];
}

/** Each chunk's file, tokens and how many files it holds; a file split across chunks by part. */
export function compactChunksSection(
  model: OverviewModel,
  path: (text: string) => string,
): OverviewSection {
  const single = model.chunks.length === 1;
  return {
    title: 'Chunks',
    kind: 'table',
    columns: ['Chunk', 'File', 'Tokens', 'Contents'],
    numeric: [true, false, true, false],
    rows: model.chunks.map((chunk) => {
      const files = new Set(chunk.pieces.map((piece) => piece.path)).size;
      const count = `${files} file${files === 1 ? '' : 's'}${single ? ', every file not tagged P' : ''}`;
      const parts = chunk.pieces
        .filter((piece) => piece.part_count > 1)
        .map((piece) => `${path(piece.path)} (${pieceSummary(toPieceRange(piece))})`);
      return [
        String(chunk.index),
        path(chunk.file),
        String(chunk.tokens),
        [count, ...parts].join('; '),
      ];
    }),
  };
}
