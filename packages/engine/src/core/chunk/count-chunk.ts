import type { TokenCounter } from '../tokens/token-counter.js';
import type { TokenizerName } from '@repobundle/contract/models';
import {
  followingText,
  isCleanJunction,
  isCleanJunctionOfLongLeft,
  isNewlineJunction,
  isWordEnd,
  lastWordEnd,
  LONG_LEFT_TAIL,
  MAX_SCANNED_LEFT,
  PROBE_CHARS,
} from '../tokens/clean-joins.js';
import type { ProcessedFile } from '../types.js';
import { at, computeLineStarts, lineAt } from './line-index.js';
import type { PlannedSpan } from './strategy.js';
import { fittedTokens } from './fit.js';

/** Tokens already known plus the indexes of texts still to count; their sum is the chunk's count. */
export interface PendingCount {
  readonly known: number;
  readonly pending: number[];
}

/**
 * The exact count of a chunk from its segments (wrapper, content, wrapper, ...). Where two
 * neighbours do not join cleanly (see isCleanJunction: tokens could merge across the join), they
 * are merged into one text to count. Then wrappers are counted here (they are short), a whole
 * file whose segment stayed alone adds the count the file stage made, and everything else is
 * queued for counting with the other texts.
 */
export function countBySegments(
  segments: readonly string[],
  spans: readonly PlannedSpan[],
  files: readonly ProcessedFile[],
  lineStarts: (file: ProcessedFile) => Uint32Array,
  counter: TokenCounter,
  texts: string[],
  verbatim = true,
): PendingCount {
  const parts: Part[] = [];
  segments.forEach((text, index) => {
    const isWrapper = index % 2 === 0;
    const span = isWrapper || !verbatim ? undefined : spans[(index - 1) / 2];
    const file = span === undefined ? undefined : files[span.file];
    const tokens = file && span ? knownSpanTokens(file, span, lineStarts, counter) : undefined;
    const part = singlePart(text, tokens, isWrapper);
    const last = parts.pop();
    // The junction is judged against everything that follows it, not this segment alone: a
    // one-space piece between a wrapper's "\n" and the next wrapper's "\n" joins both newlines
    // into one pre-token, though each pair on its own joins cleanly.
    if (
      last === undefined ||
      isCleanJunctionAfter(last, followingText(segments, index), counter.encoding)
    ) {
      if (last) parts.push(last);
      parts.push(part);
    } else {
      parts.push(...joinParts(last, part, counter));
    }
  });
  let known = 0;
  const pending: number[] = [];
  for (const part of parts) {
    if (part.tokens !== undefined) known += part.tokens;
    else if (part.isShort) known += counter.count(textOf(part));
    else pending.push(texts.push(textOf(part)) - 1);
  }
  return { known, pending };
}

/**
 * A stretch of the chunk's text, kept as the pieces it was joined from: joining parts one after
 * another into a single string, then reading its last characters, made V8 copy the whole text
 * so far at every join (a quadratic flatten of multi-megabyte chunks).
 */
interface Part {
  readonly pieces: readonly string[];
  readonly length: number;
  /** Exact tokens when known without counting this text. */
  readonly tokens: number | undefined;
  /** Short enough to count on this thread. */
  readonly isShort: boolean;
}

function singlePart(text: string, tokens: number | undefined, isShort: boolean): Part {
  return { pieces: [text], length: text.length, tokens, isShort };
}

function textOf(part: Part): string {
  return part.pieces.length === 1 ? (part.pieces[0] as string) : part.pieces.join('');
}

/** The last `count` characters of a part (fewer if it is shorter), read from its pieces. */
function tailOf(part: Part, count: number): string {
  let tail = '';
  for (let index = part.pieces.length - 1; index >= 0 && tail.length < count; index--) {
    const piece = part.pieces[index] as string;
    tail = piece.slice(Math.max(0, piece.length - (count - tail.length))) + tail;
  }
  return tail;
}

/** isCleanJunction with a part on the left; a long part is judged by its last characters only. */
function isCleanJunctionAfter(left: Part, right: string, encoding: TokenizerName): boolean {
  if (left.length <= MAX_SCANNED_LEFT) return isCleanJunction(textOf(left), right, encoding);
  return isCleanJunctionOfLongLeft(tailOf(left, LONG_LEFT_TAIL), right, encoding);
}

/**
 * Two parts whose junction is not clean, as parts that are. Typically a file without a final
 * newline before its closing wrapper: its last lines are split off where the file's own
 * pre-tokens are cut cleanly, so the body keeps its known count (minus the split-off lines') and
 * only those lines are counted again, with the wrapper. The mirror case, a wrapper before a file
 * that starts with blank space, splits off the file's first lines. Otherwise the two are merged
 * and counted whole.
 */
function joinParts(left: Part, right: Part, counter: TokenCounter): Part[] {
  if (right.isShort && !left.isShort && left.pieces.length === 1) {
    const text = left.pieces[0] as string;
    const cut = lastCleanCut(text, counter.encoding);
    if (cut > 0) {
      const tail = text.slice(cut);
      // A piece whose count is not known (cut inside a line) is counted anyway: split off, it is
      // counted as it stands instead of copied into one text with its wrapper.
      const tokens = left.tokens === undefined ? undefined : left.tokens - counter.count(tail);
      return [
        singlePart(text.slice(0, cut), tokens, false),
        {
          pieces: [tail, ...right.pieces],
          length: tail.length + right.length,
          tokens: undefined,
          isShort: true,
        },
      ];
    }
  }
  if (left.isShort && !right.isShort && right.pieces.length === 1) {
    const text = right.pieces[0] as string;
    const cut = firstCleanCut(tailOf(left, JUNCTION_CONTEXT), text, counter.encoding);
    if (cut > 0) {
      const head = text.slice(0, cut);
      const tokens = right.tokens === undefined ? undefined : right.tokens - counter.count(head);
      return [
        {
          pieces: [...left.pieces, head],
          length: left.length + head.length,
          tokens: undefined,
          isShort: true,
        },
        singlePart(text.slice(cut), tokens, false),
      ];
    }
  }
  return [
    {
      pieces: [...left.pieces, ...right.pieces],
      length: left.length + right.length,
      tokens: undefined,
      isShort: left.isShort && right.isShort,
    },
  ];
}

/** Characters of the text before a file that a junction check may need (a run of line breaks). */
const JUNCTION_CONTEXT = 64;

/**
 * An offset near the end of `text` where its pre-tokens are cut cleanly, so the rest can be
 * counted with what follows: a word end in the last MAX_CUT_SEARCH characters (see isWordEnd),
 * else the start of one of the last MAX_JUNCTION_SEARCH lines (see isNewlineJunction); 0 when
 * there is none.
 */
function lastCleanCut(text: string, encoding: TokenizerName): number {
  const wordEnd = lastWordEnd(text, encoding, MAX_CUT_SEARCH);
  if (wordEnd > 0) return wordEnd;
  let cut = text.lastIndexOf('\n') + 1;
  for (let tried = 0; cut > 0 && tried < MAX_JUNCTION_SEARCH; tried++) {
    if (isNewlineJunction(text, cut, text, cut)) return cut;
    cut = cut >= 2 ? text.lastIndexOf('\n', cut - 2) + 1 : 0;
  }
  return 0;
}

/**
 * An offset near the start of `text` (not its end) where its pre-tokens are cut cleanly both when
 * `text` stands alone and after `before`: a word end in the first MAX_CUT_SEARCH characters, else
 * the end of one of the first MAX_JUNCTION_SEARCH lines; 0 when there is none. A cut whose line
 * breaks run back to the start of `text` is judged with `before` in front: that run may continue
 * what stands before it.
 */
function firstCleanCut(before: string, text: string, encoding: TokenizerName): number {
  const words = Math.min(text.length - 1, MAX_CUT_SEARCH);
  for (let at = 1; at <= words; at++) if (isWordEnd(text, at, encoding)) return at;
  let cut = text.indexOf('\n') + 1;
  for (let tried = 0; cut > 0 && cut < text.length && tried < MAX_JUNCTION_SEARCH; tried++) {
    const left = cut <= JUNCTION_CONTEXT ? before + text.slice(0, cut) : text;
    const leftEnd = cut <= JUNCTION_CONTEXT ? before.length + cut : cut;
    if (isNewlineJunction(left, leftEnd, text, cut)) return cut;
    cut = text.indexOf('\n', cut) + 1;
  }
  return 0;
}

/**
 * A span's token count without counting it: the whole file's; a stretch of whole lines from the
 * file stage's line prefix sums, between line starts where the file's own pre-tokens are cut
 * cleanly (the newline rule), so that the span counted alone gives the same pre-tokens; with an
 * end inside a line, what the fit that cut there measured. Otherwise undefined.
 */
function knownSpanTokens(
  file: ProcessedFile,
  span: PlannedSpan,
  lineStarts: (file: ProcessedFile) => Uint32Array,
  counter: TokenCounter,
): number | undefined {
  const { content } = file;
  if (span.start === 0 && span.end === content.length) return file.tokens;
  const starts = lineStarts(file);
  const isLineStart = (offset: number) => at(starts, lineAt(starts, offset)) === offset;
  // A fit's text inside a line (see fittedTokens), for the counters that add up at a pre-token
  // boundary (pieceMarks), and only where it is its count alone: the text ends its line (the fit
  // then measured all of it) or ends cleanly (see endsPieceCleanly). Cut elsewhere, its last
  // pre-tokens may run together alone ("   " then " " before a digit is one run of four spaces
  // at the end of a text).
  const fitted = (start: number, end: number): number | undefined => {
    if (!counter.pieceMarks) return undefined;
    const lineEnd = at(starts, lineAt(starts, start) + 1);
    if (end !== lineEnd && !endsPieceCleanly(content, start, end, lineEnd, counter.encoding)) {
      return undefined;
    }
    return fittedTokens(file, start, end);
  };
  const exact = fitted(span.start, span.end);
  if (exact !== undefined) return exact;
  let tokens = 0;
  // Whole lines from `from` to `to`, both line starts (or the text's end), after a fit that ran
  // to its line's end and before a fit from its line's start when the span ends inside lines.
  let from = span.start;
  if (!isLineStart(from)) {
    from = at(starts, lineAt(starts, from) + 1);
    const head = from < span.end ? fitted(span.start, from) : undefined;
    if (head === undefined) return undefined;
    tokens += head;
  }
  let to = span.end;
  if (to !== content.length && !isLineStart(to)) {
    to = at(starts, lineAt(starts, to));
    const tail = to >= from ? fitted(to, span.end) : undefined;
    if (tail === undefined) return undefined;
    tokens += tail;
  }
  // Line prefix sums count a stretch of lines alone where the file's own pre-tokens are cut
  // cleanly at both ends (the newline rule).
  const cleanAt = (offset: number) =>
    offset === 0 ||
    offset === content.length ||
    isNewlineJunction(content, offset, content, offset);
  if (!cleanAt(from) || !cleanAt(to)) return undefined;
  return (
    tokens + at(file.linePrefix, lineAt(starts, to)) - at(file.linePrefix, lineAt(starts, from))
  );
}

/** How far back a difference count looks for a clean line junction before giving up. */
const MAX_JUNCTION_SEARCH = 64;
/** Offsets tried after a difference for a clean cut inside its line. */
const MAX_CUT_SEARCH = 256;

/** An earlier rendering of a chunk's spans: how to render it again, and its exact count. */
export interface EarlierRendering {
  readonly render: () => string;
  /** The same text in the renderer's segments, when it has them (see countBySegments). */
  readonly segments?: () => readonly string[];
  readonly tokens: number;
}

/**
 * The exact count of a chunk rendered again, from an earlier rendering of the same spans (other
 * numbers or labels): from the segments where both renderings have them (recountSegments), else
 * from the texts (recountChanged); undefined when neither applies.
 */
export function recountFrom(
  earlier: EarlierRendering,
  segments: readonly string[] | undefined,
  text: () => string,
  counter: TokenCounter,
): number | undefined {
  const earlierSegments = segments && earlier.segments?.();
  const bySegments =
    segments && earlierSegments
      ? recountSegments({ segments: earlierSegments, tokens: earlier.tokens }, segments, counter)
      : undefined;
  return (
    bySegments ??
    recountChanged({ text: earlier.render(), tokens: earlier.tokens }, text(), counter)
  );
}

/**
 * The exact count of a chunk's segments (wrapper, body, wrapper, ...) from the count of an
 * earlier rendering whose bodies are the same and whose wrappers differ (a chunk number, part
 * labels): where the changed stretch of every changed wrapper (see changedStretches) joins cleanly
 * with all that stands before it and all that follows, in both renderings, the text is cut there
 * into the same pre-tokens, and the count moves by the stretches' own counts. Nothing is joined or compared line by line (a chunk of megabytes
 * renumbered cost two copies of it and a scan of its lines). Undefined when a content differs, the
 * segments do not line up, or a junction is not clean.
 */
export function recountSegments(
  previous: { readonly segments: readonly string[]; readonly tokens: number },
  segments: readonly string[],
  counter: TokenCounter,
): number | undefined {
  const old = previous.segments;
  if (old.length !== segments.length) return undefined;
  const { encoding } = counter;
  let tokens = previous.tokens;
  // Characters before the segment in each rendering (changed wrappers differ in length).
  let oldBefore = 0;
  let before = 0;
  for (let index = 0; index < segments.length; index++) {
    const was = old[index] as string;
    const now = segments[index] as string;
    if (was !== now) {
      if (index % 2 === 1) return undefined;
      const stretch = changedStretches(was, now).find(
        ({ start, oldEnd, end }) =>
          joinsAround(
            narrowed(old, index, start, oldEnd),
            index + 1,
            oldBefore + start,
            encoding,
          ) &&
          joinsAround(narrowed(segments, index, start, end), index + 1, before + start, encoding),
      );
      if (!stretch) return undefined;
      const { start, oldEnd, end } = stretch;
      tokens += counter.count(now.slice(start, end)) - counter.count(was.slice(start, oldEnd));
    }
    oldBefore += was.length;
    before += now.length;
  }
  return tokens;
}

/** A stretch of a wrapper as offsets in its earlier rendering (`start`, `oldEnd`) and the new one. */
interface Stretch {
  readonly start: number;
  readonly oldEnd: number;
  readonly end: number;
}

/**
 * Where two renderings of a wrapper differ, from the start of the line of the first difference:
 * first to just past the line break that ends the last difference's line (or the wrapper's end),
 * then to just past the last difference. Only the stretch is judged and counted, so a wrapper
 * whose numbers change is recounted whatever content follows it on the same line (json and xml
 * write a piece's labels and the start of its content on one line).
 */
function changedStretches(was: string, now: string): Stretch[] {
  const shorter = Math.min(was.length, now.length);
  let prefix = 0;
  while (prefix < shorter && was.charCodeAt(prefix) === now.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    was.charCodeAt(was.length - 1 - suffix) === now.charCodeAt(now.length - 1 - suffix)
  ) {
    suffix++;
  }
  const start = prefix === 0 ? 0 : now.lastIndexOf('\n', prefix - 1) + 1;
  // What follows the last difference is the same in both, at the same distance from the end.
  const lineEnd = now.indexOf('\n', now.length - suffix);
  const afterLine = lineEnd === -1 ? 0 : now.length - lineEnd - 1;
  return [afterLine, suffix].map((fromEnd) => ({
    start,
    oldEnd: was.length - fromEnd,
    end: now.length - fromEnd,
  }));
}

/** The segments with segment `index` cut in three at `start` and `end` (the middle at index + 1). */
function narrowed(
  segments: readonly string[],
  index: number,
  start: number,
  end: number,
): readonly string[] {
  const segment = segments[index] as string;
  return [
    ...segments.slice(0, index),
    segment.slice(0, start),
    segment.slice(start, end),
    segment.slice(end),
    ...segments.slice(index + 1),
  ];
}

/**
 * Whether segment `index`, after `before` characters of text, is pre-tokenized on its own within
 * the whole: its junction with all that stands before it is clean, and then (the text being cut
 * at its start) its junction with all that follows.
 */
function joinsAround(
  segments: readonly string[],
  index: number,
  before: number,
  encoding: TokenizerName,
): boolean {
  const segment = segments[index] as string;
  const right = followingText(segments, index);
  if (before > 0) {
    const clean =
      before > MAX_SCANNED_LEFT
        ? isCleanJunctionOfLongLeft(textBefore(segments, index, LONG_LEFT_TAIL), right, encoding)
        : isCleanJunction(textBefore(segments, index, before), right, encoding);
    if (!clean) return false;
  }
  return index + 1 === segments.length
    ? true
    : isCleanJunction(segment, followingText(segments, index + 1), encoding);
}

/** The last `count` characters before segment `index` (fewer at the text's start). */
function textBefore(segments: readonly string[], index: number, count: number): string {
  let text = '';
  for (let at = index - 1; at >= 0 && text.length < count; at--) {
    const segment = segments[at] as string;
    text = segment.slice(Math.max(0, segment.length - (count - text.length))) + text;
  }
  return text;
}

/**
 * The exact count of `text` from the count of `previous`, a rendering of the same chunk that
 * differs only in short stretches inside lines (a chunk number, a total, part labels). Each
 * stretch is widened to cuts where pre-tokens end in both texts (a line start that the newline rule
 * cuts cleanly before it, a clean junction or line start after it), so the tokens outside the
 * stretches are the same in both, and only the stretches are counted. Undefined when the line
 * structure differs, no clean cut is near, or the stretches cover more than a quarter of the text.
 */
export function recountChanged(
  previous: { readonly text: string; readonly tokens: number },
  text: string,
  counter: TokenCounter,
): number | undefined {
  const old = previous.text;
  if (old === text) return previous.tokens;
  const oldStarts = computeLineStarts(old);
  const newStarts = computeLineStarts(text);
  if (oldStarts.length !== newStarts.length) return undefined;
  let tokens = previous.tokens;
  let counted = 0;
  /** Line index from which earlier stretches have not counted anything. */
  let free = 0;
  for (let line = 0; line + 1 < oldStarts.length; line++) {
    const oldLine = old.slice(at(oldStarts, line), at(oldStarts, line + 1));
    const newLine = text.slice(at(newStarts, line), at(newStarts, line + 1));
    if (oldLine === newLine) continue;
    let first = line;
    while (first > free && !cutsCleanly(old, text, at(oldStarts, first), at(newStarts, first))) {
      if (line - first >= MAX_JUNCTION_SEARCH) return undefined;
      first--;
    }
    if (!cutsCleanly(old, text, at(oldStarts, first), at(newStarts, first))) return undefined;
    const shift = at(newStarts, line) - at(oldStarts, line);
    const end = stretchEnd(old, text, oldStarts, line, first === line, oldLine, newLine, counter);
    if (end === undefined) return undefined;
    const oldStretch = old.slice(at(oldStarts, first), end.old);
    const newStretch = text.slice(at(newStarts, first), end.old + shift + end.shift);
    counted += oldStretch.length + newStretch.length;
    if (counted > text.length / 2) return undefined;
    tokens += counter.count(newStretch) - counter.count(oldStretch);
    free = end.nextLine;
    line = end.nextLine - 1;
  }
  return tokens;
}

/** True at the text start, or at a line start that the newline rule cuts cleanly in both texts. */
function cutsCleanly(left: string, right: string, leftAt: number, rightAt: number): boolean {
  if (leftAt === 0 || rightAt === 0) return leftAt === rightAt;
  return (
    isNewlineJunction(left, leftAt, left, leftAt) &&
    isNewlineJunction(right, rightAt, right, rightAt)
  );
}

/**
 * Where the stretch of a changed line ends: a clean junction in both texts after the line's last
 * difference, else a following line start that cuts cleanly. `old` is the offset in the old text,
 * `shift` what the new text adds within the line, `nextLine` the first line not counted.
 */
function stretchEnd(
  old: string,
  text: string,
  oldStarts: Uint32Array,
  line: number,
  startsClean: boolean,
  oldLine: string,
  newLine: string,
  counter: TokenCounter,
): { old: number; shift: number; nextLine: number } | undefined {
  const shift = newLine.length - oldLine.length;
  const shorter = Math.min(oldLine.length, newLine.length);
  let suffix = 0;
  while (
    suffix < shorter &&
    oldLine.charCodeAt(oldLine.length - 1 - suffix) ===
      newLine.charCodeAt(newLine.length - 1 - suffix)
  ) {
    suffix++;
  }
  const from = oldLine.length - suffix;
  const last = startsClean ? Math.min(from + MAX_CUT_SEARCH, oldLine.length - 1) : 0;
  const clean = (lineText: string, cut: number) =>
    isCleanJunction(
      lineText.slice(0, cut),
      lineText.slice(cut, cut + PROBE_CHARS),
      counter.encoding,
    );
  // Only where the line starts at a clean cut are its own pre-tokens the text's.
  for (let cut = Math.max(from, 1); cut < last; cut++) {
    if (clean(oldLine, cut) && clean(newLine, cut + shift)) {
      return { old: at(oldStarts, line) + cut, shift, nextLine: line + 1 };
    }
  }
  const lines = oldStarts.length - 1;
  for (let next = line + 1; next <= lines && next - line <= MAX_JUNCTION_SEARCH; next++) {
    const oldAt = at(oldStarts, next);
    if (next === lines) return { old: old.length, shift, nextLine: next };
    if (cutsCleanly(old, text, oldAt, oldAt + shift)) return { old: oldAt, shift, nextLine: next };
    const oldNext = old.slice(oldAt, at(oldStarts, next + 1));
    if (oldNext !== text.slice(oldAt + shift, oldAt + shift + oldNext.length)) return undefined;
  }
  return undefined;
}

/**
 * Whether content[start, end) alone pre-tokenizes as the fit that measured it split it, the rest
 * of its line (to `lineEnd`) after it: `end` is a word end (see isWordEnd), or the text from the
 * last word end before it (or from `start`, where the fit began, when near) joins the rest
 * cleanly (see isCleanJunction). Nothing before a boundary changes: the split rules do not look
 * behind.
 */
function endsPieceCleanly(
  content: string,
  start: number,
  end: number,
  lineEnd: number,
  encoding: TokenizerName,
): boolean {
  if (isWordEnd(content, end, encoding)) return true;
  const from = Math.max(start, end - MAX_CUT_SEARCH);
  const searched = content.slice(from, end);
  const wordEnd = lastWordEnd(searched, encoding, MAX_CUT_SEARCH);
  if (wordEnd === 0 && from !== start) return false;
  const rest = content.slice(end, Math.min(end + PROBE_CHARS, lineEnd));
  return isCleanJunction(searched.slice(wordEnd), rest, encoding);
}
