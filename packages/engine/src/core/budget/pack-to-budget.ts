import type { PackLevel } from '@repobundle/contract/models';
import type { ProcessedFile } from '../types.js';
import type { DegradeStep, LowerLevel } from './degrade-steps.js';

/** The file processed again at a lower level, or undefined when that level cannot be made. */
export type LoadLevels = (
  requests: readonly { readonly path: string; readonly level: Exclude<LowerLevel, 'path_only'> }[],
) => Promise<(ProcessedFile | undefined)[]>;

/**
 * Renders and counts a whole bundle of these files (levels set on each). `notes` says, by path,
 * why a file is at a level out of its rank's order.
 */
export type MeasureBundle<R> = (
  files: readonly ProcessedFile[],
  notes: ReadonlyMap<string, string>,
) => Promise<{
  /** Tokens of every output file as written: the overview and each chunk. */
  readonly total: number;
  /** Of which in chunks. */
  readonly chunkTokens: number;
  readonly result: R;
}>;

export interface BudgetPackInput<R> {
  /** Full level, in output order. */
  readonly files: readonly ProcessedFile[];
  readonly steps: readonly DegradeStep[];
  /** Why each file has the importance it has, by path. */
  readonly reasons: ReadonlyMap<string, string>;
  readonly budget: number;
  readonly load: LoadLevels;
  readonly measure: MeasureBundle<R>;
}

export type BudgetPackResult<R> =
  | {
      readonly fits: true;
      readonly result: R;
      readonly used: number;
      /**
       * How many tokens the last step of degradation saved: the bundle one step less degraded
       * was over the budget, so `used > budget - granularity`. 0 when nothing was degraded.
       */
      readonly granularity: number;
      readonly levels: ReadonlyMap<string, PackLevel>;
      /** Bundles rendered and counted to find the levels. */
      readonly measurements: number;
    }
  | { readonly fits: false; readonly minimum: number; readonly measurements: number };

/** Lower levels are asked for in batches: the first small, then doubling. */
const FIRST_BATCH = 32;

type Variants = Map<
  string,
  { no_comments?: ProcessedFile | null; signatures?: ProcessedFile | null }
>;

/**
 * Finds a prefix of `steps` whose bundle fits `budget`, as measured on the rendered output, while
 * the prefix one step shorter does not, and returns that bundle. A file's lower levels are made only when a step
 * reaches it. The search estimates the prefix from the tokens each step saves, measures it, and
 * narrows down (interpolation and bisection) until the prefix one step shorter is known to be
 * over the budget.
 */
export async function packToBudget<R>(input: BudgetPackInput<R>): Promise<BudgetPackResult<R>> {
  const { files, steps, budget } = input;
  const variants: Variants = new Map(files.map((file) => [file.path, {}]));
  const byPath = new Map(files.map((file) => [file.path, file]));
  let measurements = 0;
  const measureState = async (state: ReadonlyMap<string, FileState>) => {
    measurements++;
    const notes = new Map<string, string>();
    const levelled = files.map((file) => {
      const current = state.get(file.path);
      if (current?.note !== undefined) notes.set(file.path, current.note);
      return atLevel(
        current?.file ?? file,
        current?.level ?? 'full',
        input.reasons.get(file.path) ?? '',
      );
    });
    const measured = await input.measure(levelled, notes);
    return { ...measured, levels: new Map([...state].map(([path, { level }]) => [path, level])) };
  };
  const measureAt = (prefix: number) => measureState(stateAt(prefix, steps, byPath, variants));

  let low = { prefix: 0, ...(await measureAt(0)) };
  if (low.total <= budget) {
    return {
      fits: true,
      result: low.result,
      used: low.total,
      granularity: 0,
      levels: low.levels,
      measurements,
    };
  }
  const written = files.length;
  const overheadPerFile =
    written === 0 ? 0 : Math.max(0, (low.chunkTokens - sumTokens(files)) / written);
  let high: typeof low | undefined;
  let batch = FIRST_BATCH;
  while (high === undefined) {
    // Walk the steps after `low`, adding what each saves, until the estimate fits.
    const excess = low.total - budget;
    let saved = 0;
    let prefix = low.prefix;
    const state = stateAt(prefix, steps, byPath, variants);
    while (prefix < steps.length && saved < excess) {
      const step = steps[prefix] as DegradeStep;
      if (step.level !== 'path_only' && variants.get(step.path)?.[step.level] === undefined) {
        await loadFrom(prefix, batch, steps, variants, input.load);
        batch *= 2;
      }
      saved += applyStep(state, step, variants, overheadPerFile);
      prefix++;
    }
    const measured = { prefix, ...(await measureAt(prefix)) };
    if (measured.total <= budget) high = measured;
    else if (prefix >= steps.length) return { fits: false, minimum: measured.total, measurements };
    else low = measured;
  }
  // What each step between two prefixes is expected to save, summed: where to look next.
  const savingsBetween = (from: number, to: number): number[] => {
    const state = stateAt(from, steps, byPath, variants);
    const cumulative = [0];
    for (let index = from; index < to; index++) {
      const saved = applyStep(state, steps[index] as DegradeStep, variants, overheadPerFile);
      cumulative.push((cumulative[cumulative.length - 1] ?? 0) + saved);
    }
    return cumulative;
  };
  const found = await narrow(low, high, budget, measureAt, savingsBetween);
  const filled = await fillRoom(found, {
    budget,
    overheadPerFile,
    measureState,
    stateAt: (prefix) => stateAt(prefix, steps, byPath, variants),
  });
  return {
    fits: true,
    result: filled.result,
    used: filled.total,
    granularity: found.lowerTotal - found.total,
    levels: filled.levels,
    measurements,
  };
}

interface Measured<R> {
  readonly total: number;
  readonly result: R;
  readonly levels: ReadonlyMap<string, PackLevel>;
}

/** Predicted tokens are kept this share of the budget short of the room, for what they miss. */
const FILL_MARGIN = 0.002;
/** Tokens a passed-over file's path adds to the overview's list of files out of order. */
const NOTE_TOKENS = 8;
/** Rounds of filling, one measurement each. */
const FILL_ROUNDS = 6;
/**
 * Files passed over (their next level up too large for what is left) in one round before it
 * stops: each may end up out of rank order and named in the overview, so few.
 */
const MAX_PASSED = 8;

/**
 * The search stops where the next step back would be over the budget; when that step is large
 * (one big file), much of the budget is left. Steps are undone from the last one back (files in
 * importance order, each one level up) wherever the predicted cost fits what is left, and the
 * bundle is measured. Each round learns how far the prediction was off (chunk wrappers, overview
 * lines) and scales the next one's costs by it; a round that comes out over is dropped, and the
 * next one aims at half the room: part of the miss is a fixed cost (the first file back brings a
 * chunk, its header and its table rows), which scaling alone would repeat every round.
 */
async function fillRoom<R>(
  found: Measured<R> & { readonly prefix: number },
  context: {
    readonly budget: number;
    readonly overheadPerFile: number;
    readonly measureState: (state: ReadonlyMap<string, FileState>) => Promise<Measured<R>>;
    readonly stateAt: (prefix: number) => Map<string, FileState>;
  },
): Promise<Measured<R>> {
  const { budget } = context;
  if (found.prefix === 0) return found;
  const order = [...context.stateAt(found.prefix)].flatMap(([path, fileState]) =>
    fileState.steps.map((index) => ({ path, index })),
  );
  order.sort((a, b) => b.index - a.index);
  let best: Measured<R> = found;
  let accepted: string[] = [];
  // Passed-over files, with how many raises came before: a raise after one puts it out of order.
  let passed = new Map<string, number>();
  let factor = 1;
  let aim = 1;
  for (let round = 0; round < FILL_ROUNDS; round++) {
    const left = budget - best.total - Math.floor(budget * FILL_MARGIN);
    if (left <= 0) break;
    let room = left * aim;
    const state = context.stateAt(found.prefix);
    for (const path of accepted) raise(state, path);
    const planned: string[] = [];
    let predicted = 0;
    const roundPassed = new Map(passed);
    let passes = 0;
    let unnoted = [...roundPassed.values()].filter((before) => before >= accepted.length).length;
    for (const { path, index } of order) {
      const current = state.get(path);
      if (!current || roundPassed.has(path)) continue;
      if (current.steps[current.steps.length - 1] !== index) continue;
      const previous = current.history[current.history.length - 1];
      if (!previous) continue;
      // Raising a file names in the overview every file passed over since the last raise.
      const cost =
        (current.level === 'path_only'
          ? previous.file.tokens + context.overheadPerFile
          : previous.file.tokens - current.file.tokens) +
        unnoted * NOTE_TOKENS;
      if (cost * factor > room) {
        // A file that fits what is left, though not this round's aim, may come back in a later
        // round: passing it would name it in the overview for nothing.
        if (cost * factor <= left && aim < 1) break;
        roundPassed.set(path, accepted.length + planned.length);
        unnoted++;
        // A file larger than all the room left comes back in no round: passing it is no
        // choice, and stopping at it would leave that room to none of the smaller files after.
        if (cost * factor <= left && ++passes >= MAX_PASSED) break;
        continue;
      }
      room -= cost * factor;
      predicted += cost;
      unnoted = 0;
      raise(state, path);
      planned.push(path);
    }
    if (planned.length === 0) break;
    const raised = accepted.length + planned.length;
    for (const [path, before] of roundPassed) {
      const current = state.get(path);
      if (current && before < raised)
        state.set(path, { ...current, note: 'the level above did not fit what was left' });
    }
    const measured = await context.measureState(state);
    if (predicted > 0) factor = Math.max(factor, (measured.total - best.total) / predicted);
    if (measured.total > budget || measured.total < best.total) {
      aim /= 2;
      continue;
    }
    aim = 1;
    best = measured;
    accepted = [...accepted, ...planned];
    passed = roundPassed;
  }
  return best;
}

/** Undoes the file's latest step: back to the level and text it had before. */
function raise(state: Map<string, FileState>, path: string): void {
  const current = state.get(path);
  const previous = current?.history[current.history.length - 1];
  if (!current || !previous) return;
  state.set(path, {
    ...previous,
    history: current.history.slice(0, -1),
    steps: current.steps.slice(0, -1),
  });
}

/**
 * Narrows [low, high] (low over the budget, high within it) down to neighbours. Guesses alternate
 * between interpolating on the steps' expected savings (scaled to what the two measurements
 * show) and plain bisection, so the number of measurements stays within twice bisection's.
 */
async function narrow<R>(
  low: { prefix: number; total: number },
  high: { prefix: number; total: number; result: R; levels: ReadonlyMap<string, PackLevel> },
  budget: number,
  measureAt: (prefix: number) => Promise<Measured<R>>,
  savingsBetween: (from: number, to: number) => number[],
): Promise<Measured<R> & { readonly prefix: number; readonly lowerTotal: number }> {
  let lower = low;
  let upper = high;
  let interpolate = true;
  while (upper.prefix - lower.prefix > 1) {
    let prefix = Math.floor((lower.prefix + upper.prefix) / 2);
    if (interpolate) {
      const cumulative = savingsBetween(lower.prefix, upper.prefix);
      const expected = cumulative[cumulative.length - 1] ?? 0;
      if (expected > 0) {
        const needed = ((lower.total - budget) / (lower.total - upper.total)) * expected;
        const steps = cumulative.findIndex((saved) => saved >= needed);
        prefix = Math.min(upper.prefix - 1, Math.max(lower.prefix + 1, lower.prefix + steps));
      }
    }
    interpolate = !interpolate;
    const measured = { prefix, ...(await measureAt(prefix)) };
    if (measured.total <= budget) upper = measured;
    else lower = measured;
  }
  return { ...upper, lowerTotal: lower.total };
}

interface FileState {
  readonly level: PackLevel;
  readonly file: ProcessedFile;
  /** The level and text before each step applied to the file, oldest first. */
  readonly history: readonly { readonly level: PackLevel; readonly file: ProcessedFile }[];
  /** Indexes of the steps applied to the file, in order. */
  readonly steps: readonly number[];
  /** Why the file is out of its rank's order, when it is. */
  readonly note?: string;
}

/** Each file's level and text after the first `prefix` steps. */
function stateAt(
  prefix: number,
  steps: readonly DegradeStep[],
  byPath: ReadonlyMap<string, ProcessedFile>,
  variants: Variants,
): Map<string, FileState> {
  const state = new Map<string, FileState>();
  for (const [path, file] of byPath) {
    state.set(path, { level: 'full', file, history: [], steps: [] });
  }
  for (let index = 0; index < prefix; index++) {
    applyStep(state, steps[index] as DegradeStep, variants, 0, index);
  }
  return state;
}

/**
 * Moves one file down and returns the tokens that saves (plus `overhead` when the file leaves
 * the chunks). A lower level that is not smaller than the file's current text (a file without
 * comments, one no parser can compress) is skipped: the file keeps what it has.
 */
function applyStep(
  state: Map<string, FileState>,
  step: DegradeStep,
  variants: Variants,
  overhead: number,
  index = -1,
): number {
  const current = state.get(step.path);
  if (current === undefined || current.level === 'path_only') return 0;
  const moved = (level: PackLevel, file: ProcessedFile): FileState => ({
    level,
    file,
    history: [...current.history, { level: current.level, file: current.file }],
    steps: [...current.steps, index],
  });
  if (step.level === 'path_only') {
    state.set(step.path, moved('path_only', current.file));
    return current.file.tokens + overhead;
  }
  const lower = variants.get(step.path)?.[step.level];
  if (!lower || lower.tokens >= current.file.tokens) {
    // Less important files around it go down to this level; say why this one does not.
    state.set(step.path, { ...current, note: `${step.level} would be no smaller` });
    return 0;
  }
  state.set(step.path, moved(step.level, lower));
  return current.file.tokens - lower.tokens;
}

/** Loads the lower levels of the next `count` steps from `start` that still need them. */
async function loadFrom(
  start: number,
  count: number,
  steps: readonly DegradeStep[],
  variants: Variants,
  load: LoadLevels,
): Promise<void> {
  const wanted: { path: string; level: Exclude<LowerLevel, 'path_only'> }[] = [];
  for (let index = start; index < steps.length && wanted.length < count; index++) {
    const step = steps[index] as DegradeStep;
    if (step.level === 'path_only') continue;
    if (variants.get(step.path)?.[step.level] !== undefined) continue;
    wanted.push({ path: step.path, level: step.level });
  }
  const loaded = await load(wanted);
  wanted.forEach((request, index) => {
    const entry = variants.get(request.path);
    if (entry) entry[request.level] = loaded[index] ?? null;
  });
}

/** The file as the bundle shows it at `level`: a path-only file keeps its metadata, no text. */
function atLevel(file: ProcessedFile, level: PackLevel, reason: string): ProcessedFile {
  if (level !== 'path_only') return { ...file, level, levelReason: reason };
  const { outline: _outline, ...rest } = file;
  return {
    ...rest,
    content: '',
    lines: 0,
    tokens: 0,
    linePrefix: new Uint32Array(1),
    notes: [],
    level,
    levelReason: reason,
  };
}

function sumTokens(files: readonly ProcessedFile[]): number {
  return files.reduce((sum, file) => sum + file.tokens, 0);
}
