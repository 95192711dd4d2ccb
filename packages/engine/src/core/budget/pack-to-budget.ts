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

  const whole = { prefix: 0, ...(await measureAt(0)) };
  let low = whole;
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
    overheadPerFile: writtenOverheadPerFile(
      { total: whole.total, state: stateAt(0, steps, byPath, variants) },
      { total: found.total, state: stateAt(found.prefix, steps, byPath, variants) },
      overheadPerFile,
    ),
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

/**
 * What a file costs in the bundle besides its text, the overview included: its chunk header and
 * wrapper, and in the json, xml and csv overviews its Files row and its pieces in the Chunks table
 * (often more than a small file's signatures). Measured between two bundles with different numbers
 * of files in the chunks; never below the chunks' own share, which is certain.
 */
function writtenOverheadPerFile(
  first: { readonly total: number; readonly state: ReadonlyMap<string, FileState> },
  second: { readonly total: number; readonly state: ReadonlyMap<string, FileState> },
  chunkShare: number,
): number {
  const a = inChunks(first.state);
  const b = inChunks(second.state);
  if (a.files === b.files) return chunkShare;
  const perFile = (first.total - a.tokens - (second.total - b.tokens)) / (a.files - b.files);
  return Math.max(chunkShare, perFile);
}

/** Files whose text is in the chunks, and their tokens. */
function inChunks(state: ReadonlyMap<string, FileState>): { files: number; tokens: number } {
  let files = 0;
  let tokens = 0;
  for (const { level, file } of state.values()) {
    if (level === 'path_only') continue;
    files++;
    tokens += file.tokens;
  }
  return { files, tokens };
}

interface Measured<R> {
  readonly total: number;
  readonly result: R;
  readonly levels: ReadonlyMap<string, PackLevel>;
}

/** Predicted tokens are kept this share of the budget short of the room, for what they miss. */
const FILL_MARGIN = 0.002;
/**
 * Tokens a passed-over file's path is first taken to add to the overview's list of files out of
 * order; the fill then learns the real figure, which depends on the format (a csv record per
 * file repeats the reason) and on the paths.
 */
const NOTE_TOKENS = 8;
/** Rounds of filling, one measurement each. */
const FILL_ROUNDS = 6;
/**
 * Files passed over (their next level up too large for what is left) in one round before it
 * stops: each may end up out of rank order and named in the overview, so few.
 */
const MAX_PASSED = 8;
/**
 * How firmly the first guesses hold against what the rounds measure: every predicted token costs
 * one (held like this many tokens of raises), a named path NOTE_TOKENS (like this many names), and
 * no fixed cost (held so loosely that a first round's miss goes mostly there).
 */
const PRIOR_TOKENS = 100;
const PRIOR_NOTES = 2;
const PRIOR_FIXED = 0.1;

/**
 * What a bundle with raises from `found` costs: the raises' predicted tokens times `scale`, plus
 * `perNote` per path they name in the overview, plus `fixed` once (the first file back can bring
 * a chunk, a level's line, the list of files out of order). Fitted (least squares, held towards
 * the first guesses) to every round measured so far, so that a fixed cost or the price of names,
 * which varies by format (a csv record per name repeats the reason), is not taken for a scale
 * that would then inflate every later raise.
 */
class CostModel {
  scale = 1;
  perNote = NOTE_TOKENS;
  fixed = 0;
  private readonly samples: { tokens: number; notes: number; measured: number }[] = [];

  learn(tokens: number, notes: number, measured: number): void {
    this.samples.push({ tokens, notes, measured });
    let fit = this.fit(false, false);
    // A name costs at least nothing and so does the first raise: a negative one is fitted again
    // held at zero, so that the other coefficients take what it stood for.
    if (fit !== undefined && (fit.perNote < 0 || fit.fixed < 0)) {
      fit = this.fit(fit.perNote < 0, fit.fixed < 0);
    }
    if (fit === undefined) return;
    this.scale = Math.max(0.5, fit.scale);
    this.perNote = Math.max(0, fit.perNote);
    this.fixed = Math.max(0, fit.fixed);
  }

  /** Least squares on the samples, each prior a weighted pseudo-sample; `held` ones pinned at 0. */
  private fit(
    holdNotes: boolean,
    holdFixed: boolean,
  ): { scale: number; perNote: number; fixed: number } | undefined {
    const pinned = 1e6;
    const noteWeight = holdNotes ? pinned : PRIOR_NOTES;
    const fixedWeight = holdFixed ? pinned : PRIOR_FIXED;
    let tt = PRIOR_TOKENS ** 2;
    let nn = noteWeight ** 2;
    let ff = fixedWeight ** 2;
    let tn = 0;
    let tf = 0;
    let nf = 0;
    let tm = PRIOR_TOKENS ** 2;
    let nm = holdNotes ? 0 : noteWeight ** 2 * NOTE_TOKENS;
    let fm = 0;
    for (const sample of this.samples) {
      tt += sample.tokens ** 2;
      nn += sample.notes ** 2;
      ff += 1;
      tn += sample.tokens * sample.notes;
      tf += sample.tokens;
      nf += sample.notes;
      tm += sample.tokens * sample.measured;
      nm += sample.notes * sample.measured;
      fm += sample.measured;
    }
    // Cramer's rule on the symmetric matrix [tt tn tf; tn nn nf; tf nf ff].
    const columns = {
      tokens: [tt, tn, tf],
      notes: [tn, nn, nf],
      fixed: [tf, nf, ff],
      measured: [tm, nm, fm],
    } as const;
    const whole = det3(columns.tokens, columns.notes, columns.fixed);
    if (!Number.isFinite(whole) || Math.abs(whole) < 1e-9) return undefined;
    return {
      scale: det3(columns.measured, columns.notes, columns.fixed) / whole,
      perNote: det3(columns.tokens, columns.measured, columns.fixed) / whole,
      fixed: det3(columns.tokens, columns.notes, columns.measured) / whole,
    };
  }

  cost(tokens: number, notes: number): number {
    return tokens * this.scale + notes * this.perNote;
  }
}

type Column = readonly [number, number, number];

/** The determinant of the 3x3 matrix with these columns. */
function det3([a, b, c]: Column, [d, e, f]: Column, [g, h, i]: Column): number {
  return a * (e * i - f * h) - d * (b * i - c * h) + g * (b * f - c * e);
}

/**
 * The search stops where the next step back would be over the budget; when that step is large
 * (one big file), much of the budget is left. Steps are undone from the last one back (files in
 * importance order, each one level up) wherever the predicted cost fits what is left, and the
 * bundle is measured. Each round refits the cost model to what was measured; a round that comes
 * out over is dropped, and the next one aims lower: by twice the overshoot, at most by half.
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
  // Predicted tokens and named paths of the accepted raises, from `found`.
  let acceptedTokens = 0;
  let acceptedNotes = 0;
  // Passed-over files, with how many raises came before: a raise after one puts it out of order.
  let passed = new Map<string, number>();
  const model = new CostModel();
  // After a round that came out over: the predicted cost the next one may spend.
  let cap: number | undefined;
  for (let round = 0; round < FILL_ROUNDS; round++) {
    const left = budget - best.total - Math.floor(budget * FILL_MARGIN);
    if (left <= 0) break;
    // The fixed cost is paid by the first raise kept.
    const open = left - (accepted.length === 0 ? model.fixed : 0);
    const start = cap === undefined ? open : Math.min(open, cap);
    const restricted = start < open;
    let room = start;
    const state = context.stateAt(found.prefix);
    for (const path of accepted) raise(state, path);
    const planned: string[] = [];
    let plannedTokens = 0;
    let plannedNotes = 0;
    const roundPassed = new Map(passed);
    let passes = 0;
    let unnoted = [...roundPassed.values()].filter((before) => before >= accepted.length).length;
    for (const { path, index } of order) {
      const current = state.get(path);
      if (!current || roundPassed.has(path)) continue;
      if (current.steps[current.steps.length - 1] !== index) continue;
      const previous = current.history[current.history.length - 1];
      if (!previous) continue;
      const tokens =
        current.level === 'path_only'
          ? previous.file.tokens + context.overheadPerFile
          : previous.file.tokens - current.file.tokens;
      // Raising a file names in the overview every file passed over since the last raise.
      const cost = model.cost(tokens, unnoted);
      if (cost > room) {
        // A file that fits what is left, though not this round's aim, may come back in a later
        // round: passing it would name it in the overview for nothing. The round still raises
        // one file, so that it makes progress.
        const fitsLeft = cost <= open;
        if (fitsLeft && restricted && planned.length > 0) break;
        if (!(fitsLeft && restricted)) {
          roundPassed.set(path, accepted.length + planned.length);
          unnoted++;
          // A file larger than all the room left comes back in no round: passing it is no
          // choice, and stopping at it would leave that room to none of the smaller files after.
          if (fitsLeft && ++passes >= MAX_PASSED) break;
          continue;
        }
      }
      room -= cost;
      plannedTokens += tokens;
      plannedNotes += unnoted;
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
    model.learn(
      acceptedTokens + plannedTokens,
      acceptedNotes + plannedNotes,
      measured.total - found.total,
    );
    if (measured.total > budget || measured.total < best.total) {
      const spent = start - room;
      const over = measured.total - budget;
      cap = over > 0 ? Math.max(spent / 2, spent - 2 * over) : spent / 2;
      continue;
    }
    cap = undefined;
    best = measured;
    accepted = [...accepted, ...planned];
    acceptedTokens += plannedTokens;
    acceptedNotes += plannedNotes;
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
