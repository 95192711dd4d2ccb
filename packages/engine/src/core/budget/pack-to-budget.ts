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
 * How firmly the first guesses hold against what the rounds measure, as pseudo-samples: each
 * file token costs one (held like this many tokens of raises), a file back in the chunks the
 * measured overhead (like this many files), a named path NOTE_TOKENS (like this many names), and
 * no fixed cost (held so loosely that a first round's miss goes mostly there).
 */
const PRIOR_TOKENS = 100;
const PRIOR_ENTRIES = 2;
const PRIOR_NOTES = 2;
const PRIOR_FIXED = 0.1;

/** What a set of raises brings: file tokens, files back in the chunks, paths named. */
interface Raises {
  readonly tokens: number;
  readonly entries: number;
  readonly notes: number;
}

/**
 * What a bundle with raises from `found` costs: `scale` per file token, `perEntry` per file back
 * in the chunks (its header, and its rows in the json, xml and csv overviews), `perNote` per path
 * named in the overview, and `fixed` once (the first file back can bring a chunk, a level's line,
 * the list of files out of order). Fitted (least squares, held towards the first guesses) to
 * every round measured so far, so that a fixed cost, an entry's or a name's price (a csv record
 * per name repeats the reason) is not taken for a scale that would then misprice every raise.
 */
class CostModel {
  private coefficients: number[];
  private readonly samples: { raises: Raises; measured: number }[] = [];

  constructor(private readonly entryGuess: number) {
    this.coefficients = [1, entryGuess, NOTE_TOKENS, 0];
  }

  get fixed(): number {
    return this.coefficients[3] ?? 0;
  }

  learn(raises: Raises, measured: number): void {
    this.samples.push({ raises, measured });
    let held = [false, false, false, false];
    let fit = this.fit(held);
    // No coefficient is negative (a raise never saves tokens): one that is comes out again held
    // at zero, so that the others take what it stood for.
    if (fit !== undefined && fit.some((value, index) => index > 0 && value < 0)) {
      held = fit.map((value, index) => index > 0 && value < 0);
      fit = this.fit(held);
    }
    if (fit === undefined) return;
    this.coefficients = fit.map((value, index) => Math.max(index === 0 ? 0.5 : 0, value));
  }

  cost(raises: Raises): number {
    const [scale = 1, perEntry = 0, perNote = 0] = this.coefficients;
    return raises.tokens * scale + raises.entries * perEntry + raises.notes * perNote;
  }

  /** Least squares on the samples and the priors; `held` coefficients pinned at zero. */
  private fit(held: readonly boolean[]): number[] | undefined {
    const pinned = 1e6;
    const priors = [
      { weight: PRIOR_TOKENS, value: 1 },
      { weight: PRIOR_ENTRIES, value: this.entryGuess },
      { weight: PRIOR_NOTES, value: NOTE_TOKENS },
      { weight: PRIOR_FIXED, value: 0 },
    ].map((prior, index) => (held[index] ? { weight: pinned, value: 0 } : prior));
    const rows = [
      ...priors.map((prior, index) => ({
        features: [0, 1, 2, 3].map((column) => (column === index ? prior.weight : 0)),
        target: prior.weight * prior.value,
      })),
      ...this.samples.map(({ raises, measured }) => ({
        features: [raises.tokens, raises.entries, raises.notes, 1],
        target: measured,
      })),
    ];
    // Normal equations, solved by Gaussian elimination with partial pivoting.
    const size = 4;
    const matrix = Array.from({ length: size }, (_, i) =>
      Array.from({ length: size + 1 }, (_, j) =>
        rows.reduce(
          (sum, row) =>
            sum + (row.features[i] ?? 0) * (j === size ? row.target : (row.features[j] ?? 0)),
          0,
        ),
      ),
    );
    return solve(matrix);
  }
}

/** Solves the linear system given as rows of coefficients then the right-hand side. */
function solve(matrix: number[][]): number[] | undefined {
  const size = matrix.length;
  const at = (i: number, j: number): number => matrix[i]?.[j] ?? 0;
  for (let column = 0; column < size; column++) {
    let pivot = column;
    for (let row = column + 1; row < size; row++) {
      if (Math.abs(at(row, column)) > Math.abs(at(pivot, column))) pivot = row;
    }
    const head = matrix[pivot];
    if (
      head === undefined ||
      !Number.isFinite(at(pivot, column)) ||
      Math.abs(at(pivot, column)) < 1e-12
    )
      return undefined;
    matrix[pivot] = matrix[column] as number[];
    matrix[column] = head;
    for (let row = 0; row < size; row++) {
      const target = matrix[row];
      if (row === column || target === undefined) continue;
      const ratio = (target[column] ?? 0) / (head[column] ?? 1);
      for (let j = column; j <= size; j++) target[j] = (target[j] ?? 0) - ratio * (head[j] ?? 0);
    }
  }
  return Array.from({ length: size }, (_, i) => at(i, size) / at(i, i));
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
  let acceptedRaises: Raises = { tokens: 0, entries: 0, notes: 0 };
  // Passed-over files, with how many raises came before: a raise after one puts it out of order.
  let passed = new Map<string, number>();
  const model = new CostModel(context.overheadPerFile);
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
    let plannedRaises = { tokens: 0, entries: 0, notes: 0 };
    const roundPassed = new Map(passed);
    let passes = 0;
    let unnoted = [...roundPassed.values()].filter((before) => before >= accepted.length).length;
    for (const { path, index } of order) {
      const current = state.get(path);
      if (!current || roundPassed.has(path)) continue;
      if (current.steps[current.steps.length - 1] !== index) continue;
      const previous = current.history[current.history.length - 1];
      if (!previous) continue;
      const entering = current.level === 'path_only';
      // Raising a file names in the overview every file passed over since the last raise.
      const raises = {
        tokens: entering ? previous.file.tokens : previous.file.tokens - current.file.tokens,
        entries: entering ? 1 : 0,
        notes: unnoted,
      };
      const cost = model.cost(raises);
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
      plannedRaises = sum(plannedRaises, raises);
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
    model.learn(sum(acceptedRaises, plannedRaises), measured.total - found.total);
    if (measured.total > budget || measured.total < best.total) {
      const spent = start - room;
      const over = measured.total - budget;
      cap = over > 0 ? Math.max(spent / 2, spent - 2 * over) : spent / 2;
      continue;
    }
    cap = undefined;
    best = measured;
    accepted = [...accepted, ...planned];
    acceptedRaises = sum(acceptedRaises, plannedRaises);
    passed = roundPassed;
  }
  return best;
}

function sum(a: Raises, b: Raises): Raises {
  return { tokens: a.tokens + b.tokens, entries: a.entries + b.entries, notes: a.notes + b.notes };
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
