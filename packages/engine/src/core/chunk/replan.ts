import { EngineError } from '../../errors.js';
import type { FormatRenderer } from '../render/renderer.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import { countLinesOf } from '../tokens/token-counter.js';
import type { ProcessedFile } from '../types.js';
import type { CostMeasurer } from './cost-model.js';
import { sliceOutline } from './semantic-strategy-outline.js';
import { MIN_REPLAN_CONTENT_TOKENS } from './cost-model.js';
import { at, lineAt } from './line-index.js';
import { priceLineAlone } from './line-prices.js';
import type { ChunkStrategy, PlannedSpan } from './strategy.js';

export interface ReplanInput {
  readonly files: readonly ProcessedFile[];
  /** The spans of the chunk that came out over the limit. */
  readonly spans: readonly PlannedSpan[];
  /** Its exact token count as rendered. */
  readonly tokens: number;
  readonly limit: number;
  readonly overlap: number;
  /** Re-plans these spans have been through already. */
  readonly depth: number;
  readonly strategy: ChunkStrategy;
  readonly measurer: CostMeasurer;
  readonly renderer: FormatRenderer;
  readonly counter: TokenCounter;
}

/**
 * Plans the spans of one over-limit chunk again, as small files of their own counted exactly.
 * When the content rendered larger than priced (escaping the cost model cannot see, such as an XML
 * piece that falls back to base64), content prices are scaled by the measured ratio; otherwise the
 * budget is tightened by the miss, doubled on every further miss. The budget always stays below the
 * chunk's own (scaled) estimate, so the result is at least two chunks of strictly less content.
 */
export function replanSpans(input: ReplanInput): PlannedSpan[][] {
  const { files, spans, tokens, limit, depth, measurer } = input;
  const slices = spans.map((span) =>
    sliceFile(span, files, input.renderer, input.counter, measurer),
  );
  const model = measurer.withLimit(limit, input.overlap);
  const wrappers = slices.reduce(
    (sum, slice, index) =>
      sum +
      model.pieceOverhead(slice) +
      (model.contextOverhead?.(slice, spans[index]?.context ?? []) ?? 0),
    model.chunkOverhead,
  );
  const content = slices.reduce((sum, slice) => sum + model.linesCost(slice, 0, slice.lines), 0);
  const scale = content > 0 ? Math.max(1, (tokens - wrappers) / content) : 1;
  const estimate = wrappers + Math.ceil(content * scale);
  const miss = Math.max(tokens - estimate, 1);
  const floor = measurer.minimumLimit(slices, MIN_REPLAN_CONTENT_TOKENS);
  const tighter = Math.max(Math.min(limit - miss * 2 ** depth, estimate - 1), floor);
  if (tighter >= estimate) {
    const where = slices.map((slice) => slice.path).join(', ');
    throw new EngineError(
      'INVALID_TOKEN_LIMIT',
      `Token limit ${limit} is too small: a chunk of ${where} renders to ${tokens} tokens and cannot be split further.`,
    );
  }
  const overlap = Math.min(input.overlap, Math.floor(tighter / 2));
  const plan = input.strategy.plan(slices, measurer.withLimit(tighter, overlap, scale));
  return plan.map((chunk) =>
    chunk.spans.map((sub): PlannedSpan => {
      const origin = spans[sub.file] as PlannedSpan;
      const length = origin.end - origin.start;
      const mapped: PlannedSpan = {
        file: origin.file,
        start: origin.start + sub.start,
        end: origin.start + sub.end,
        startsOnBoundary: sub.start === 0 ? origin.startsOnBoundary : sub.startsOnBoundary,
        endsOnBoundary: sub.end === length ? origin.endsOnBoundary : sub.endsOnBoundary,
      };
      const context = sub.context ?? origin.context;
      return context ? { ...mapped, context } : mapped;
    }),
  );
}

/**
 * A span as a file of its own: for verbatim formats with exact token counts for its own text;
 * for the others with its lines priced as its file's were (see slicePrices).
 */
function sliceFile(
  span: PlannedSpan,
  files: readonly ProcessedFile[],
  renderer: FormatRenderer,
  counter: TokenCounter,
  measurer: CostMeasurer,
): ProcessedFile {
  const file = files[span.file] as ProcessedFile;
  const content = file.content.slice(span.start, span.end);
  const lines = countLinesOf(content);
  // Only verbatim formats price lines from these counts; the others encode lines themselves.
  const linePrefix = renderer.embedsVerbatim
    ? counter.countLines(content)
    : new Uint32Array(lines + 1);
  return {
    path: file.path,
    language: file.language,
    content,
    lines,
    tokens: linePrefix[lines] ?? 0,
    linePrefix,
    originalBytes: content.length,
    notes: [],
    ...(file.outline && { outline: sliceOutline(file.outline, span.start, span.end) }),
    ...(!renderer.embedsVerbatim && {
      linePrices: {
        format: renderer.format,
        prices: slicePrices(file, span, lines, measurer, renderer, counter),
      },
    }),
  };
}

/**
 * A slice's line prices from its file's: a whole line costs what it cost there, a line the slice
 * cuts is priced alone (priceLineAlone).
 * Pricing the slice's text again cost a tokenization of every slice of every re-planned chunk
 * (1.1 s of a first run of npm18 as json in chunks of 128,000 tokens); the re-plan scales these
 * prices by what the chunk measured anyway.
 */
function slicePrices(
  file: ProcessedFile,
  span: PlannedSpan,
  lines: number,
  measurer: CostMeasurer,
  renderer: FormatRenderer,
  counter: TokenCounter,
): Uint32Array {
  const starts = measurer.lineStarts(file);
  const whole = measurer.linePrices(file);
  const first = lineAt(starts, span.start);
  const prefix = new Uint32Array(lines + 1);
  for (let line = 0; line < lines; line++) {
    const lineStart = at(starts, first + line);
    const lineEnd = at(starts, first + line + 1);
    const from = Math.max(lineStart, span.start);
    const to = Math.min(lineEnd, span.end);
    let price: number;
    if (from === lineStart && to === lineEnd) {
      price = at(whole, first + line + 1) - at(whole, first + line);
    } else {
      price = priceLineAlone(file.content.slice(from, to), renderer, counter);
    }
    prefix[line + 1] = at(prefix, line) + price;
  }
  return prefix;
}
