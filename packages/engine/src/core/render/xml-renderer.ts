import type { Chunk, ChunkPiece } from '../types.js';
import { encodeBase64Wtf8 } from './base64.js';
import { contextLabel } from './labels.js';
import { formatOptionValue, toOverviewModel } from './overview-model.js';
import { preambleOf } from './preamble.js';
import type { Preamble } from './preamble.js';
import type { OverviewModel } from './overview-model.js';
import type { PieceBody } from './piece-bodies.js';
import { pieceBody } from './piece-bodies.js';
import type { ChunkRenderContext, FormatRenderer, Overview } from './renderer.js';
import {
  escapeXmlText,
  escapeXmlTextLossy,
  isXmlRepresentable,
  xmlAttributes,
} from './xml-escape.js';

const xmlBody = (content: string): PieceBody =>
  isXmlRepresentable(content)
    ? { text: escapeXmlText(content) }
    : { text: encodeBase64Wtf8(content), encoding: 'base64' };

/** A piece's opening tag; its attributes say when the body is base64. */
function pieceOpen(piece: ChunkPiece, body: PieceBody): string {
  const context = contextLabel(piece);
  return `<file${xmlAttributes({
    path: piece.path,
    language: piece.language,
    start_line: piece.startLine,
    end_line: piece.endLine,
    part: piece.part,
    part_count: piece.partCount,
    ...(context ? { context } : {}),
    ...(body.encoding ? { encoding: body.encoding } : {}),
  })}>`;
}

/**
 * Chunk layout (see README.md):
 *   <chunk source="my-repo" index="2" count="5">
 *   <file path="src/a.ts" language="typescript" start_line="120" end_line="340" part="2"
 *         part_count="3" context="class Foo > method bar">CONTENT</file>
 *   </chunk>
 * The text of <file> is exactly the content (no added newlines). Content holding characters
 * XML 1.0 cannot carry at all is written as base64 of its UTF-8 bytes with encoding="base64".
 */
function renderChunkSegments(chunk: Chunk, context: ChunkRenderContext): string[] {
  const open = `<chunk${xmlAttributes({ source: context.sourceName, index: chunk.index, count: context.totalChunks })}>\n`;
  const segments: string[] = [];
  let wrapper = `${open}${preambleElements(preambleOf(context.options))
    .map((element) => `${element}\n`)
    .join('')}`;
  for (const piece of chunk.pieces) {
    const body = pieceBody(piece, context.bodies, xmlBody);
    segments.push(`${wrapper}${pieceOpen(piece, body)}`, body.text);
    wrapper = '</file>\n';
  }
  segments.push(`${wrapper}</chunk>\n`);
  return segments;
}

function renderChunk(chunk: Chunk, context: ChunkRenderContext): string {
  return renderChunkSegments(chunk, context).join('');
}

/** <header_text> and <instruction>, when set. */
function preambleElements(preamble: Preamble): string[] {
  return Object.entries(preamble).map(
    ([name, text]) => `<${name}>${escapeXmlTextLossy(String(text))}</${name}>`,
  );
}

function element(name: string, attributes: Record<string, string | number>, children: string[]) {
  const open = `<${name}${xmlAttributes(attributes)}`;
  return children.length === 0 ? `${open}/>` : `${open}>\n${children.join('\n')}\n</${name}>`;
}

function renderOptions(options: OverviewModel['options']): string[] {
  return Object.entries(options).map(([name, value]) => {
    const open = `<option${xmlAttributes({ name })}>`;
    if (typeof value !== 'object')
      return `${open}${escapeXmlTextLossy(formatOptionValue(value))}</option>`;
    return `${open}${value.map((item) => `<value>${escapeXmlTextLossy(item)}</value>`).join('')}</option>`;
  });
}

/**
 * <secrets redacted files [hint]> holding <found type count low_confidence/> per type,
 * <file path type confidence count/> per file and type, <private-key path/> per key file.
 */
function renderSecrets(secrets: OverviewModel['secrets']): string {
  const attributes = {
    redacted: String(secrets.redacted),
    files: secrets.files,
    ...(secrets.hint === null ? {} : { hint: secrets.hint }),
  };
  return element('secrets', attributes, [
    ...Object.entries(secrets.found).map(([type, count]) =>
      element('found', { type, count, low_confidence: secrets.low_confidence[type] ?? 0 }, []),
    ),
    ...secrets.entries.map((entry) => element('file', { ...entry }, [])),
    ...secrets.private_key_files.map((path) => element('private-key', { path }, [])),
  ]);
}

/** The target model as attributes: `error_band` empty when exact, `fits` "unknown" when unsure. */
function modelAttributes(
  fit: NonNullable<OverviewModel['model']>,
): Record<string, string | number> {
  return {
    ...fit,
    exact: String(fit.exact),
    error_band: fit.error_band ?? '',
    fits: fit.fits === null ? 'unknown' : String(fit.fits),
  };
}

/**
 * Overview layout: <overview> holding <source/>, <statistics/>, <model/> (with a target model),
 * <options> (one <option name>
 * each; list options hold <value> elements), <tree> (text), <files>, <chunks> (each <chunk>
 * with its <piece/> elements), <skipped> (<file path reason>description</file>),
 * <redactions> and <notes> (<note path>text</note>). Numbers are attributes; every list has its wrapper even when empty.
 */
/**
 * With a budget: <level-tags> (<tag name level/> per tree tag) and <level-reasons>, one <reason
 * level files> per shared reason, the reason as text; <file path/> children name its files, and
 * a reason without them covers every other file of its level.
 */
function levelElements(model: OverviewModel): string[] {
  if (!model.level_tags || !model.level_reasons) return [];
  return [
    element(
      'level-tags',
      {},
      Object.entries(model.level_tags).map(([name, level]) => element('tag', { name, level }, [])),
    ),
    element(
      'level-reasons',
      {},
      model.level_reasons.map((group) => {
        const open = `<reason${xmlAttributes({ level: group.level, files: group.files })}>`;
        const files = (group.paths ?? []).map((path) => element('file', { path }, []));
        return `${open}${escapeXmlTextLossy(group.reason)}${files.join('')}</reason>`;
      }),
    ),
  ];
}

function renderOverview(overview: Overview): string {
  const model = toOverviewModel(overview);
  const parts = [
    element('source', { ...model.source, generated_at: model.generated_at }, []),
    ...preambleElements(
      preambleOf({ headerText: model.header_text, instructionText: model.instruction }),
    ),
    element('statistics', { ...model.statistics }, []),
    ...(model.model ? [element('model', modelAttributes(model.model), [])] : []),
    ...(model.budget ? [element('budget', { ...model.budget }, [])] : []),
    element('options', {}, renderOptions(model.options)),
    `<tree>${escapeXmlTextLossy(model.tree)}</tree>`,
    ...levelElements(model),
    element(
      'files',
      {},
      model.files.map((file) => element('file', { ...file, chunks: file.chunks.join(' ') }, [])),
    ),
    element(
      'chunks',
      {},
      model.chunks.map((chunk) =>
        element(
          'chunk',
          { index: chunk.index, file: chunk.file, tokens: chunk.tokens },
          chunk.pieces.map((piece) => element('piece', { ...piece }, [])),
        ),
      ),
    ),
    element(
      'skipped',
      {},
      model.skipped.map(
        (file) =>
          `<file${xmlAttributes({ path: file.path, reason: file.reason })}>${escapeXmlTextLossy(file.description)}</file>`,
      ),
    ),
    element(
      'redactions',
      {},
      model.redactions.map((entry) => element('redaction', { ...entry }, [])),
    ),
    renderSecrets(model.secrets),
    element(
      'notes',
      {},
      model.notes.map(
        (entry) =>
          `<note${xmlAttributes({ path: entry.path })}>${escapeXmlTextLossy(entry.note)}</note>`,
      ),
    ),
    ...gitElements(model.git),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element('overview', {}, parts)}\n`;
}

/**
 * Git context, only when asked for: <git tokens> holding <diff kind="staged|working_tree">
 * (the diff as text) and <commit hash date author> elements with a <message> and a <file path/>
 * per changed file.
 */
function gitElements(git: OverviewModel['git']): string[] {
  if (!git) return [];
  const diffs = git.diffs
    ? [
        `<diff kind="staged">${escapeXmlTextLossy(git.diffs.staged)}</diff>`,
        `<diff kind="working_tree">${escapeXmlTextLossy(git.diffs.working_tree)}</diff>`,
      ]
    : [];
  const commits = (git.logs ?? []).map((commit) =>
    element('commit', { hash: commit.hash, date: commit.date, author: commit.author }, [
      `<message>${escapeXmlTextLossy(commit.message)}</message>`,
      ...commit.files.map((file) => element('file', { path: file }, [])),
    ]),
  );
  return [element('git', { tokens: git.tokens }, [...diffs, ...commits])];
}

export function createXmlRenderer(): FormatRenderer {
  return {
    format: 'xml',
    extension: 'xml',
    renderChunk,
    renderChunkSegments,
    renderOverview,
    encodeLine: escapeXmlText,
    embedsVerbatim: false,
  };
}
