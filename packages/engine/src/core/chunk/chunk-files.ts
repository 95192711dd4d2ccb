import type { ResolvedOptions } from '../../config/options.js';
import { EngineError } from '../../errors.js';
import type { FormatRenderer } from '../render/renderer.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { Chunk, ProcessedFile, RenderedChunk } from '../types.js';
import { buildChunks } from './build-chunks.js';
import type { PendingCount } from './count-chunk.js';
import { countBySegments, recountFrom } from './count-chunk.js';
import type { EarlierRendering } from './count-chunk.js';
import type { CostMeasurer } from './cost-model.js';
import { createCostMeasurer } from './cost-model.js';
import type { WrapperMeasures } from './wrapper-measures.js';
import type { LinePriceMemo } from './line-price-memo.js';
import { getChunkStrategy } from './registry.js';
import { mergeNeighbours } from './merge-neighbours.js';
import { renderChunkParts, renderChunkText } from './render-chunk-text.js';
import { PieceBodies } from '../render/piece-bodies.js';
import { replanSpans } from './replan.js';
import { withoutCoveredWindows, withoutRepeats } from './window-repeats.js';
import type { ChunkCostModel, PlannedSpan } from './strategy.js';

export interface ChunkStageResult {
  readonly chunks: RenderedChunk[];
  /** Job-level notes for the report (e.g. a requested strategy that ran as a stand-in). */
  readonly notes: string[];
  /** The prices the plan was made with (absent without files); analytics judge fits with it. */
  readonly costModel?: ChunkCostModel;
}

/** Re-plans only split chunks, so this bounds a pathological tokenizer, not normal work. */
const MAX_ROUNDS = 64;
/**
 * Merge passes after everything fits. Each pass merges at least one pair; a second pass is needed
 * only when the final numbering lets a pair fit that the provisional one did not.
 */
const MAX_MERGE_PASSES = 8;

interface Entry {
  readonly spans: readonly PlannedSpan[];
  /** How many times these spans were re-planned: each round tightens the budget harder. */
  readonly depth: number;
  rendered?: EarlierRendering & { readonly key: string };
}

/**
 * Rendered text counted in one go, at most: texts are counted in batches of about this many
 * characters and then let go, so the stage never holds every chunk's text at once (a chunk is
 * rendered again when it is written; rendering is cheap next to counting).
 */
const BATCH_CHARS = 8 * 1024 * 1024;

/**
 * Batches being counted while this thread renders the next: counting goes to the threads, and
 * waiting for each batch before rendering the next left this thread and the threads each idle
 * half of the stage (a format that escapes content counts every chunk's text). The stage holds
 * at most this many batches' texts besides the one it fills.
 */
const BATCHES_AHEAD = 1;

/**
 * The chunk stage: plan with a cost model, render every chunk and count it exactly, re-plan any
 * chunk that came out over the limit with a tighter budget, then merge neighbours that fit together
 * (next-fit, mergeNeighbours) and render again. Every returned chunk has
 * `tokens <= options.tokenLimit` as rendered, or this throws. A chunk is rendered again only when
 * its number, the chunk total or its part labels changed because a re-plan split another chunk.
 */
export async function chunkFiles(
  files: readonly ProcessedFile[],
  options: ResolvedOptions,
  renderer: FormatRenderer,
  counter: TokenCounter,
  context: {
    sourceName: string;
    countTexts?: CountTexts;
    /** Characters of rendered text counted per batch (default BATCH_CHARS). */
    batchChars?: number;
    /** Line prices kept from earlier runs (see LinePriceMemo). */
    linePrices?: LinePriceMemo;
    /** Wrapper measures made while the files arrived (see WrapperMeasures). */
    wrappers?: WrapperMeasures;
  },
): Promise<ChunkStageResult> {
  const countTexts = context.countTexts ?? countInline(counter);
  const { strategy, note } = getChunkStrategy(options.chunkingStrategy);
  const notes = note ? [note] : [];
  if (files.length === 0) return { chunks: [], notes };

  const limit = options.tokenLimit;
  const bodies = new PieceBodies();
  const measurer = createCostMeasurer({
    renderer,
    counter,
    options,
    sourceName: context.sourceName,
    bodies,
    ...(context.linePrices && { linePrices: context.linePrices }),
    ...(context.wrappers && { wrappers: context.wrappers }),
  });
  const minimum = measurer.minimumLimit(files);
  if (limit < minimum) {
    throw new EngineError(
      'INVALID_TOKEN_LIMIT',
      `Token limit ${limit} is too small for these files: chunk and file headers need ${minimum} tokens.`,
    );
  }
  const overlap = Math.min(options.chunkOverlap, Math.floor(limit / 2));
  const costModel = measurer.withLimit(limit, overlap);
  const plan = strategy.plan(files, costModel);
  let entries: Entry[] = plan.map((chunk) => ({ spans: chunk.spans, depth: 0 }));

  let mergePasses = 0;
  const candidates = new Map<string, EarlierRendering>();
  for (let round = 0; ;) {
    const chunks = await renderEntries(entries, files, renderer, counter, measurer, {
      countTexts,
      batchChars: context.batchChars ?? BATCH_CHARS,
    });
    if (entries.every((entry) => (entry.rendered?.tokens ?? 0) <= limit)) {
      const merged =
        mergePasses < MAX_MERGE_PASSES
          ? mergeNeighbours(
              entries.map((entry) => ({ spans: entry.spans, tokens: entry.rendered?.tokens ?? 0 })),
              { files, limit, cost: costModel, measurer, renderer, counter, rendered: candidates },
            )
          : undefined;
      if (merged) {
        mergePasses++;
        const previous = entries;
        entries = merged.map((item) =>
          'kept' in item
            ? (previous[item.kept] as Entry)
            : // Its rendering from the merge pass lets the next render count only new numbers.
              {
                spans: item.spans,
                depth: 0,
                rendered: { ...item.rendering, key: '' },
              },
        );
        continue;
      }
      // Kept while this stage rendered chunks again; given out once as the chunks are written.
      bodies.release();
      return {
        chunks: chunks.map((chunk, position) =>
          finish(chunk, entries[position], chunks.length, renderer),
        ),
        notes,
        costModel,
      };
    }
    if (round++ === MAX_ROUNDS) {
      throw new EngineError(
        'INVALID_TOKEN_LIMIT',
        `Could not fit the chunks into ${limit} tokens.`,
      );
    }
    entries = withoutCoveredWindows(
      entries.flatMap((entry, position) => {
        const tokens = entry.rendered?.tokens ?? 0;
        if (tokens <= limit) return [entry];
        // A window that repeats the previous one's tail first gives up that overlap.
        const own = withoutRepeats(entry.spans, entries[position - 1]?.spans ?? []);
        if (own.length !== entry.spans.length || own[0]?.start !== entry.spans[0]?.start) {
          return [{ spans: own, depth: entry.depth }];
        }
        const spans = replanSpans({
          files,
          spans: own,
          tokens,
          limit,
          overlap,
          depth: entry.depth,
          strategy,
          measurer,
          renderer,
          counter,
        });
        return spans.map((chunkSpans) => ({ spans: chunkSpans, depth: entry.depth + 1 }));
      }),
    );
  }
}

/**
 * Counts many rendered texts exactly. The pack pipeline passes one that spreads the texts over its
 * worker threads; the default counts them one after another on this thread.
 */
export type CountTexts = (texts: readonly string[]) => Promise<number[]>;

function countInline(counter: TokenCounter): CountTexts {
  return async (texts) => texts.map((text) => counter.count(text));
}

/**
 * Numbers the chunks and renders (and counts) those whose text would differ from last time. Texts
 * are counted in batches (BATCH_CHARS) and not kept: each entry keeps how to render it again.
 */
async function renderEntries(
  entries: readonly Entry[],
  files: readonly ProcessedFile[],
  renderer: FormatRenderer,
  counter: TokenCounter,
  measurer: CostMeasurer,
  { countTexts, batchChars }: { countTexts: CountTexts; batchChars: number },
): Promise<Chunk[]> {
  const planned = entries.map((entry) => ({ spans: entry.spans }));
  const chunks = buildChunks(files, planned, measurer.lineStarts);
  const context = measurer.renderContext(chunks.length);
  let stale: { entry: Entry; key: string; chunk: Chunk; count: PendingCount }[] = [];
  let texts: string[] = [];
  let batched = 0;
  const counting: Promise<void>[] = [];
  const flush = () => {
    const batch = stale;
    const counted = countTexts(texts).then((counts) => {
      for (const { entry, key, chunk, count } of batch) {
        const tokens = count.pending.reduce(
          (sum, index) => sum + (counts[index] ?? Number.POSITIVE_INFINITY),
          count.known,
        );
        entry.rendered = {
          key,
          tokens,
          render: () => renderChunkText(renderer, chunk, context),
          ...(renderer.renderChunkSegments && {
            segments: () => renderChunkParts(renderer, chunk, context),
          }),
        };
      }
    });
    // Awaited in order below; a batch that fails while an earlier one is awaited is not unhandled.
    counted.catch(() => undefined);
    counting.push(counted);
    stale = [];
    texts = [];
    batched = 0;
  };
  for (const [position, chunk] of chunks.entries()) {
    const entry = entries[position] as Entry;
    const key = renderKey(chunk, chunks.length);
    if (entry.rendered?.key === key) continue;
    const segments = renderer.renderChunkSegments?.(chunk, context);
    // The whole text is joined only when it is compared or counted whole: counting by segments
    // reads the segments, and joining a chunk of megabytes costs a copy.
    let joined: string | undefined;
    const text = () =>
      (joined ??= segments ? segments.join('') : renderer.renderChunk(chunk, context));
    // Same spans, new numbers or labels: count only what changed.
    const previous = entry.rendered;
    const known = previous && recountFrom(previous, segments, text, counter);
    const queued = texts.length;
    const count: PendingCount =
      known !== undefined
        ? { known, pending: [] }
        : segments
          ? countBySegments(
              segments,
              entry.spans,
              files,
              measurer.lineStarts,
              counter,
              texts,
              renderer.embedsVerbatim,
            )
          : { known: 0, pending: [texts.push(text()) - 1] };
    stale.push({ entry, key, chunk, count });
    for (let index = queued; index < texts.length; index++) batched += texts[index]?.length ?? 0;
    if (batched >= batchChars) {
      flush();
      if (counting.length > BATCHES_AHEAD) await counting.shift();
    }
  }
  flush();
  for (const counted of counting) await counted;
  return chunks;
}

/** What a chunk's rendering depends on besides its (unchanged) content. */
function renderKey(chunk: Chunk, total: number): string {
  return `${chunk.index}/${total}:${chunk.pieces.map((piece) => `${piece.part}/${piece.partCount}`).join(',')}`;
}

function finish(
  chunk: Chunk,
  entry: Entry | undefined,
  total: number,
  renderer: FormatRenderer,
): RenderedChunk {
  if (!entry?.rendered) throw new Error(`chunk ${chunk.index} was not rendered`);
  const { render, segments, tokens } = entry.rendered;
  return {
    index: chunk.index,
    fileName: chunkFileName(chunk.index, total, renderer.extension),
    // Rendered when read, each time: a bundle holds its chunks' plan, not their text, so a
    // writer holds one chunk's text at a time.
    get text() {
      return render();
    },
    textParts: segments ?? (() => [render()]),
    tokens,
    pieces: chunk.pieces,
  };
}

/**
 * `chunk-0001.md`. Numbers are at least four digits and as wide as the chunk count, so that names
 * sort in chunk order (`chunk-00001` ... `chunk-12000` for 12000 chunks).
 */
export function chunkFileName(index: number, total: number, extension: string): string {
  const width = Math.max(4, String(total).length);
  return `chunk-${String(index).padStart(width, '0')}.${extension}`;
}
