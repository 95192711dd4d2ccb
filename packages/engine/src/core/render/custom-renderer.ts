/**
 * The custom format: a user's Handlebars template (compiled once per job, see
 * template-sandbox.ts). README.md documents the data with an example.
 *
 * Chunk template data (field names as in the json format):
 *   source        the source name ("my-repo")
 *   chunk         { index, count }: chunk `index` of `count`, 1-based
 *   options       the job's options, snake_case (as in the overview)
 *   header_text   the header text for the model, "" when none
 *   instruction   the instructions for the model, "" when none
 *   pieces[]      one per file piece, in order:
 *     path, language, start_line, end_line, part, part_count
 *     is_split       true when the file spans several chunks
 *     lines          "lines 120-340" (or "line 7")
 *     part_label     "part 2 of 3", or "" when not split
 *     context[]      enclosing definitions, outermost first (may be empty)
 *     context_label  "class Foo > method bar", or ""
 *     content        the processed content, verbatim (HTML escaping is off)
 *     ends_with_newline  false when content does not end with a newline (end of a file without
 *                    one): `{{content}}{{#unless ends_with_newline}}` + newline + `{{/unless}}`
 *     fence          a backtick fence longer than any backtick run in content (for markdown)
 *
 * Overview: when the template holds a line `{{!-- overview --}}`, the text after it is the
 * overview template and receives the overview as the json format prints it (source,
 * generated_at, options, statistics, tree, files, chunks, skipped, redactions, secrets);
 * otherwise the overview is written as markdown.
 * generated_at, options, statistics, tree, files, chunks, skipped, redactions, notes); otherwise the
 * overview is written as markdown.
 */
import type { Chunk } from '../types.js';
import { contextLabel, lineRangeLabel, partLabel } from './labels.js';
import { pieceFence, renderMarkdownOverview } from './markdown-renderer.js';
import { describeOptions, toOverviewModel } from './overview-model.js';
import type { ChunkRenderContext, FormatRenderer } from './renderer.js';
import { compileTemplate } from './template-sandbox.js';

/** The line that separates the chunk template from the optional overview template. */
export const OVERVIEW_SEPARATOR = /^[ \t]*\{\{!--\s*overview\s*--\}\}[ \t]*(?:\r?\n|$)/m;

function chunkData(chunk: Chunk, context: ChunkRenderContext) {
  return {
    source: context.sourceName,
    chunk: { index: chunk.index, count: context.totalChunks },
    options: describeOptions(context.options),
    header_text: context.options.headerText ?? '',
    instruction: context.options.instructionText ?? '',
    pieces: chunk.pieces.map((piece) => ({
      path: piece.path,
      language: piece.language,
      start_line: piece.startLine,
      end_line: piece.endLine,
      part: piece.part,
      part_count: piece.partCount,
      is_split: piece.partCount > 1,
      lines: lineRangeLabel(piece.startLine, piece.endLine),
      part_label: partLabel(piece.part, piece.partCount) ?? '',
      context: [...(piece.context ?? [])],
      context_label: contextLabel(piece) ?? '',
      content: piece.content,
      ends_with_newline: piece.content === '' || piece.content.endsWith('\n'),
      fence: pieceFence(piece),
    })),
  };
}

export function createCustomRenderer(template: string): FormatRenderer {
  const separator = OVERVIEW_SEPARATOR.exec(template);
  const chunkSource = separator ? template.slice(0, separator.index) : template;
  const overviewSource = separator
    ? template.slice(separator.index + separator[0].length)
    : undefined;
  const renderChunkTemplate = compileTemplate(chunkSource);
  const renderOverviewTemplate =
    overviewSource === undefined ? undefined : compileTemplate(overviewSource);
  return {
    format: 'custom',
    extension: 'txt',
    renderChunk: (chunk, context) => renderChunkTemplate(chunkData(chunk, context)),
    renderOverview: (overview) =>
      renderOverviewTemplate
        ? renderOverviewTemplate(toOverviewModel(overview))
        : renderMarkdownOverview(overview),
    encodeLine: (line) => line,
    embedsVerbatim: true,
  };
}
