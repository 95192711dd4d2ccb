// Every structured format, parsed with a standard parser (or, for md and txt, the small
// delimiter readers below), must give back every piece's content byte for byte.
import { parse as parseCsv } from 'csv-parse/sync';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { resolveOptions } from '../../config/options.js';
import type { OutputFormat } from '../../config/options.js';
import type { Chunk, ChunkPiece } from '../types.js';
import { getRenderer } from './index.js';

const options = resolveOptions({});

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];

/** Strings that break naive renderers, weighted well above their natural frequency. */
const ADVERSARIAL = [
  '`',
  '```',
  '````',
  '~~~',
  ']]>',
  ']]',
  '<![CDATA[',
  '&',
  '&amp;',
  '&#13;',
  '<',
  '>',
  '"',
  "'",
  '\\',
  '\\n',
  '\n',
  '\r',
  '\r\n',
  '\n\n',
  '\t',
  ' ',
  '  ',
  '- ',
  ': ',
  '#',
  '---',
  '...',
  '|',
  '>-',
  '|2-',
  '===',
  '= ',
  ',',
  '{{',
  '}}',
  '%',
  '@',
  '!',
  '*',
  '&a',
  '?',
  '😀',
  '𝕏',
  'é',
  '\u00a0',
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ufffe',
  '\uffff',
  'null',
  'true',
  '0x1F',
  '1e3',
  '~',
];

function contentArbitrary(withLoneSurrogates: boolean): fc.Arbitrary<string> {
  const fragments = withLoneSurrogates ? [...ADVERSARIAL, ...LONE_SURROGATES] : ADVERSARIAL;
  const part = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...fragments) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  );
  return fc.array(part, { maxLength: 40 }).map((parts) => parts.join(''));
}

const pathArbitrary = fc
  .array(
    fc.constantFrom('src', 'a b', 'x.ts', 'é', '😀.py', "it's", 'q"t', '#h', 'c,d', '- x', ': y'),
    {
      minLength: 1,
      maxLength: 4,
    },
  )
  .map((parts) => parts.join('/'));

function chunkArbitrary(withLoneSurrogates: boolean): fc.Arbitrary<Chunk> {
  const piece = fc.record({
    path: pathArbitrary,
    language: fc.constantFrom('typescript', 'python', '', 'c++', 'weird lang'),
    startLine: fc.integer({ min: 1, max: 5000 }),
    lineCount: fc.integer({ min: 0, max: 300 }),
    partCount: fc.integer({ min: 1, max: 4 }),
    context: fc.option(
      fc.array(fc.constantFrom('class Foo', 'method bar', 'fn <T>'), { maxLength: 3 }),
      {
        nil: undefined,
      },
    ),
    content: contentArbitrary(withLoneSurrogates),
  });
  return fc
    .record({
      index: fc.integer({ min: 1, max: 9999 }),
      pieces: fc.array(piece, { maxLength: 4 }),
    })
    .map(({ index, pieces }) => ({
      index,
      pieces: pieces.map((p): ChunkPiece => ({
        path: p.path,
        language: p.language,
        startLine: p.startLine,
        endLine: p.startLine + p.lineCount,
        part: p.partCount,
        partCount: p.partCount,
        content: p.content,
        startsOnBoundary: true,
        endsOnBoundary: true,
        ...(p.context ? { context: p.context } : {}),
      })),
    }));
}

function render(format: OutputFormat, chunk: Chunk): string {
  return getRenderer(format).renderChunk(chunk, {
    sourceName: 'repo: "x"',
    totalChunks: 9999,
    options,
  });
}

function contents(chunk: Chunk): string[] {
  return chunk.pieces.map((piece) => piece.content);
}

/** Generalised UTF-8 (WTF-8) decoding: keeps the lone surrogates the xml fallback may carry. */
function decodeWtf8(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const b0 = bytes[i] ?? 0;
    const count = b0 < 0x80 ? 1 : b0 < 0xe0 ? 2 : b0 < 0xf0 ? 3 : 4;
    let code = count === 1 ? b0 : b0 & (0xff >> (count + 1));
    for (let k = 1; k < count; k += 1) code = (code << 6) | ((bytes[i + k] ?? 0) & 0x3f);
    out += code > 0xffff ? String.fromCodePoint(code) : String.fromCharCode(code);
    i += count;
  }
  return out;
}

/** Reads md the way CommonMark reads backtick fences: a closing fence is at least as long. */
function readMarkdown(text: string): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  let heading = '';
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line.startsWith('## ')) heading = line;
    const open = /^(`{3,})[^`\s]*$/.exec(line);
    if (!open?.[1]) continue;
    const fenceLength = open[1].length;
    const body: string[] = [];
    for (i += 1; i < lines.length; i += 1) {
      const close = /^ {0,3}(`+)[ \t]*$/.exec(lines[i] ?? '');
      if (close?.[1] && close[1].length >= fenceLength) break;
      body.push(lines[i] ?? '');
    }
    const content = body.map((l) => `${l}\n`).join('');
    out.push(heading.endsWith(', no final newline)') ? content.slice(0, -1) : content);
  }
  return out;
}

/** Reads txt: delimiter lines start with a run of `=` no content line starts with. */
function readText(text: string): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const header = /^(={3,}) .* \1$/.exec(lines[i] ?? '');
    if (!header?.[1]) continue;
    const marker = header[1];
    const noFinalNewline = (lines[i] ?? '').includes('no final newline) ');
    if (lines[i + 1]?.startsWith(`${marker} Context: `)) i += 1;
    const body: string[] = [];
    for (i += 1; i < lines.length && lines[i] !== `${marker} End ${marker}`; i += 1) {
      body.push(lines[i] ?? '');
    }
    expect(lines[i]).toBe(`${marker} End ${marker}`);
    const content = body.map((l) => `${l}\n`).join('');
    out.push(noFinalNewline ? content.slice(0, -1) : content);
  }
  return out;
}

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  // Numeric character references (&#13;) are decoded only with htmlEntities on; we emit no
  // named entities beyond the XML five, so this adds nothing else.
  htmlEntities: true,
  alwaysCreateTextNode: true,
  isArray: (name) => name === 'file',
});

function readXml(text: string): { path: string; content: string }[] {
  expect(XMLValidator.validate(text)).toBe(true);
  // Nothing XML 1.0 forbids may appear anywhere in the document.
  expect(text).not.toMatch(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
  );
  expect(text).not.toContain('\r');
  const parsed = xmlParser.parse(text) as {
    chunk: { file?: { path: string; encoding?: string; '#text': string }[] };
  };
  return (parsed.chunk.file ?? []).map((file) => ({
    path: file.path,
    content:
      file.encoding === 'base64'
        ? decodeWtf8(Uint8Array.from(Buffer.from(file['#text'], 'base64')))
        : file['#text'],
  }));
}

const runs = { numRuns: 100 };

describe('content round trips byte for byte', () => {
  it('json (lone surrogates included)', () => {
    fc.assert(
      fc.property(chunkArbitrary(true), (chunk) => {
        const parsed = JSON.parse(render('json', chunk)) as {
          chunk: number;
          files: { path: string; content: string; start_line: number; part_count: number }[];
        };
        expect(parsed.chunk).toBe(chunk.index);
        expect(parsed.files.map((file) => file.content)).toEqual(contents(chunk));
        expect(parsed.files.map((file) => file.path)).toEqual(chunk.pieces.map((p) => p.path));
        expect(parsed.files.map((file) => file.start_line)).toEqual(
          chunk.pieces.map((p) => p.startLine),
        );
      }),
      runs,
    );
  });

  it('xml (base64 fallback for what XML cannot carry, lone surrogates included)', () => {
    fc.assert(
      fc.property(chunkArbitrary(true), (chunk) => {
        const files = readXml(render('xml', chunk));
        expect(files.map((file) => file.content)).toEqual(contents(chunk));
        expect(files.map((file) => file.path)).toEqual(chunk.pieces.map((p) => p.path));
      }),
      runs,
    );
  });

  // csv-parse reads through UTF-8 bytes, where a lone surrogate cannot exist.
  it('csv (RFC 4180, CRLF records)', () => {
    fc.assert(
      fc.property(chunkArbitrary(false), (chunk) => {
        const text = render('csv', chunk);
        expect(text.endsWith('\r\n')).toBe(true);
        const records = parseCsv(text, { columns: true, bom: false }) as Record<string, string>[];
        expect(records.map((record) => record.content)).toEqual(contents(chunk));
        expect(records.map((record) => record.path)).toEqual(chunk.pieces.map((p) => p.path));
        expect(records.map((record) => record.part_count)).toEqual(
          chunk.pieces.map((p) => String(p.partCount)),
        );
      }),
      runs,
    );
  });

  it('yaml (lone surrogates as \\u escapes)', () => {
    fc.assert(
      fc.property(chunkArbitrary(true), (chunk) => {
        const parsed = parseYaml(render('yaml', chunk)) as {
          chunk: number;
          files: { path: string; content: string; context?: string[] }[];
        };
        expect(parsed.chunk).toBe(chunk.index);
        expect(parsed.files.map((file) => file.content)).toEqual(contents(chunk));
        expect(parsed.files.map((file) => file.path)).toEqual(chunk.pieces.map((p) => p.path));
        expect(parsed.files.map((file) => file.context)).toEqual(
          chunk.pieces.map((p) => (p.context?.length ? p.context : undefined)),
        );
      }),
      runs,
    );
  });

  it('md (fences longer than any backtick run)', () => {
    fc.assert(
      fc.property(chunkArbitrary(true), (chunk) => {
        expect(readMarkdown(render('md', chunk))).toEqual(contents(chunk));
      }),
      runs,
    );
  });

  it('txt (delimiters no content line can start with)', () => {
    fc.assert(
      fc.property(chunkArbitrary(true), (chunk) => {
        expect(readText(render('txt', chunk))).toEqual(contents(chunk));
      }),
      runs,
    );
  });
});
