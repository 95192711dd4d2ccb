import { TOKEN_LIMITS } from '../../config/options.js';
import type { ProcessedFile, RenderedChunk } from '../types.js';
import type { ChunkingSuggestion } from './analytics.js';
import type { Rule, SuggestInput } from './suggest-input.js';
import { count, renderRatio } from './suggest-input.js';
import { oversizedDefinitions, splitDefinitions } from './suggest-syntax.js';

/** Utilization under this is shown orange; above 80 a score is green. */
const LOW_UTILIZATION = 40;
const GOOD_SCORE = 80;
const LOW_BOUNDARY = 50;

/** Suggestions computed from the figures, most actionable first. */
export function suggest(input: SuggestInput): ChunkingSuggestion[] {
  if (input.chunks.length === 0) {
    return [
      {
        type: 'info',
        title: 'Nothing was chunked',
        description: 'This job included no files, so it produced no chunks.',
        recommendation: 'Check the file selection and the include and exclude patterns.',
      },
    ];
  }
  const rules: Rule[] = [
    linesCutInside,
    splitDefinitions,
    oversizedDefinitions,
    splitFiles,
    lowUtilization,
    lowBoundaries,
    overlapCost,
  ];
  const found = rules.map((rule) => rule(input)).filter((item) => item !== undefined);
  if (!found.some((item) => item.type !== 'info') && input.scores.performance > GOOD_SCORE) {
    found.push({
      type: 'info',
      title: 'Chunking looks good',
      description: `Performance ${input.scores.performance}%, ${count(input.chunks.length)} chunk(s) at ${input.scores.utilization}% utilization.`,
      recommendation: 'No change needed.',
    });
  }
  return found;
}

const linesCutInside: Rule = ({ chunks, options }) => {
  const cuts = new Set<string>();
  for (const piece of chunks.flatMap((chunk) => chunk.pieces)) {
    if (!piece.endsOnBoundary && piece.content.length > 0 && !piece.content.endsWith('\n')) {
      cuts.add(`${piece.path}:${piece.endLine}`);
    }
  }
  if (cuts.size === 0) return undefined;
  const examples = [...cuts].slice(0, 3).join(', ');
  return {
    type: 'warning',
    title: `${count(cuts.size)} line(s) longer than a chunk were cut inside the line`,
    description: `A line of more than ${count(options.tokenLimit)} tokens cannot stay whole (${examples}).`,
    recommendation:
      'Such lines are usually minified or generated code: exclude those files, or raise the token limit.',
  };
};

const splitFiles: Rule = ({ chunks, files, options, strategy }) => {
  const split = splitPaths(chunks);
  if (split.size === 0) return undefined;
  const ratio = renderRatio(chunks, files);
  const sizes = files
    .filter((file) => split.has(file.path))
    .map((file) => Math.ceil(file.tokens * ratio));
  const largest = Math.max(...sizes);
  const raiseTo = TOKEN_LIMITS.find((limit) => limit > options.tokenLimit && limit >= largest);
  const wouldFit = sizes.filter((size) => size <= options.tokenLimit).length;
  const actions: string[] = [];
  if (raiseTo !== undefined) actions.push(`raise the token limit to ${count(raiseTo)}`);
  if (strategy === 'fixed' && wouldFit > 0)
    actions.push(
      `use file_based (${count(wouldFit)} of them fit whole in ${count(options.tokenLimit)} tokens)`,
    );
  const unparsed = files.filter(
    (file) =>
      split.has(file.path) &&
      (!file.outline ||
        file.outline.nodes.length === 0 ||
        (strategy === 'auto' && file.outline.hasErrors)),
  ).length;
  const cause =
    (strategy === 'semantic' || strategy === 'auto') && unparsed > 0
      ? ` ${count(unparsed)} of them had no syntax outline (no grammar for the language, or parse errors under auto) and were cut at line ends.`
      : '';
  return {
    type: actions.length > 0 ? 'improvement' : 'info',
    title: `${count(split.size)} of ${count(files.length)} file(s) were split across chunks`,
    description: `A split file is read in parts; the largest split file renders to about ${count(largest)} tokens.${cause}`,
    recommendation:
      actions.length > 0
        ? `To keep files whole, ${actions.join(' or ')}.`
        : `These files are larger than any allowed limit (${count(Math.max(...TOKEN_LIMITS))}); their parts are labelled "part k of n".`,
  };
};

const lowUtilization: Rule = ({ chunks, options, scores }) => {
  if (scores.utilization >= LOW_UTILIZATION) return undefined;
  const largest = Math.max(...chunks.map((chunk) => chunk.tokens));
  const lower = TOKEN_LIMITS.find((limit) => limit >= largest);
  if (lower === undefined || lower >= options.tokenLimit) return undefined;
  return {
    type: 'improvement',
    title: `Chunks use ${scores.utilization}% of the token limit on average`,
    description: `The largest of ${count(chunks.length)} chunk(s) has ${count(largest)} tokens against a limit of ${count(options.tokenLimit)}.`,
    recommendation: `Lower the token limit to ${count(lower)}: every chunk of this job would still fit, and smaller limits suit more models.`,
  };
};

const lowBoundaries: Rule = ({ scores, strategy, cuts }) => {
  if (strategy === 'semantic' || strategy === 'auto' || scores.boundary >= LOW_BOUNDARY) {
    return undefined;
  }
  const where = cuts.outlinedFiles > 0 ? 'file or syntax boundaries' : 'file boundaries';
  return {
    type: 'improvement',
    title: `Only ${scores.boundary}% of chunk cuts fall on ${where}`,
    description:
      strategy === 'fixed'
        ? 'Fixed windows cut wherever the budget runs out, often in the middle of a file.'
        : 'Files larger than a chunk are cut wherever the budget runs out.',
    recommendation:
      strategy === 'fixed'
        ? 'Use semantic so that chunks end between definitions, or file_based so that they start and end with whole files wherever they fit.'
        : 'Use semantic so that large files are cut between definitions.',
  };
};

const overlapCost: Rule = ({ chunks, files, options, strategy }) => {
  if (strategy !== 'fixed' || options.chunkOverlap === 0 || chunks.length < 2) return undefined;
  const repeated = repeatedTokens(chunks, files);
  if (repeated === 0) return undefined;
  const consumed = chunks.reduce((sum, chunk) => sum + chunk.tokens, 0);
  const share = Math.round((repeated / consumed) * 1000) / 10;
  return {
    type: 'info',
    title: `Overlap repeats about ${count(repeated)} tokens`,
    description: `${share}% of the ${count(consumed)} tokens consumed are lines repeated from the previous chunk (overlap ${count(options.chunkOverlap)}).`,
    recommendation: `Keep it if the model needs context across chunks; set the overlap to 0 to save about ${count(repeated)} tokens.`,
  };
};

function splitPaths(chunks: readonly RenderedChunk[]): Set<string> {
  const split = new Set<string>();
  for (const piece of chunks.flatMap((chunk) => chunk.pieces)) {
    if (piece.partCount > 1 && !(piece.startsOnBoundary && piece.endsOnBoundary))
      split.add(piece.path);
  }
  return split;
}

/** Content tokens of lines that a piece repeats from the same file's previous piece. */
function repeatedTokens(chunks: readonly RenderedChunk[], files: readonly ProcessedFile[]): number {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const lastLine = new Map<string, number>();
  const endedMidLine = new Set<string>();
  let repeated = 0;
  for (const piece of chunks.flatMap((chunk) => chunk.pieces)) {
    const file = byPath.get(piece.path);
    const seenUpTo = lastLine.get(piece.path) ?? 0;
    // After a cut inside a line the next piece continues that line: not a repeat.
    const continues = endedMidLine.has(piece.path);
    if (piece.endsOnBoundary || piece.content.endsWith('\n')) endedMidLine.delete(piece.path);
    else endedMidLine.add(piece.path);
    if (file && !continues && piece.startLine <= seenUpTo && piece.content.length > 0) {
      const through = Math.min(seenUpTo, piece.endLine);
      repeated += (file.linePrefix[through] ?? 0) - (file.linePrefix[piece.startLine - 1] ?? 0);
    }
    lastLine.set(piece.path, Math.max(seenUpTo, piece.endLine));
  }
  return repeated;
}
