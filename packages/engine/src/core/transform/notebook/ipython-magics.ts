/**
 * IPython syntax in Python code cells (`%matplotlib inline`, `!pip install x`, `%%bash` cells,
 * `obj?`) is not Python: left as is, the converted file does not parse, so comment removal and
 * semantic chunking would give up on it. As Jupytext does, such lines become `# ` comments; a
 * line inside a triple-quoted string is never touched.
 */

/** `%name`, `%%name` (also indented, as inside an `if`). */
const LINE_MAGIC = /^\s*%{1,2}[A-Za-z]/;
/** `!command`, `x = !ls`, `x = %who_ls`: shell escapes and magics whose result is assigned. */
const SHELL_ESCAPE = /^\s*!\s*[^\s=]/;
const ASSIGNED_MAGIC = /^\s*[A-Za-z_]\w*\s*=\s*(%{1,2}|!)[A-Za-z]/;
/** `?obj`, `obj?`, `obj??`: help requests. */
const HELP = /^\s*(\?{1,2}\s*[\w.]+|[\w.]+\s*\?{1,2})\s*$/;
/** A magic line continued with a backslash continues the magic. */
const CONTINUED = /\\\s*$/;
const CELL_MAGIC = /^%%([A-Za-z]\w*)/;

/** Cell magics whose body is still Python; the body of any other (`%%bash`, `%%sql`) is not. */
const PYTHON_BODY_CELL_MAGICS: ReadonlySet<string> = new Set([
  'time',
  'timeit',
  'capture',
  'prun',
  'debug',
  'python',
  'python3',
  'pypy',
  'autoreload',
  'cython',
]);

export function isMagicLine(line: string): boolean {
  return (
    LINE_MAGIC.test(line) || SHELL_ESCAPE.test(line) || ASSIGNED_MAGIC.test(line) || HELP.test(line)
  );
}

function commentOut(line: string): string {
  const code = line.trimStart();
  if (code === '') return '#';
  return `${line.slice(0, line.length - code.length)}# ${code}`;
}

type Quote = '"""' | "'''";

/** Where the Python tokenizer stands at a line start: magics only count outside any statement. */
interface ScanState {
  /** The triple-quoted string still open, if any. */
  readonly triple: Quote | undefined;
  /** Open brackets: a `%` starting a line inside them is the modulo operator. */
  readonly depth: number;
  /** The previous line ended with a backslash outside strings. */
  readonly continued: boolean;
}

const START: ScanState = { triple: undefined, depth: 0, continued: false };

function isStatementStart(state: ScanState): boolean {
  return state.triple === undefined && state.depth === 0 && !state.continued;
}

/** The state after `line`. Single-quoted strings end with their line; `#` ends the scan. */
function scanLine(line: string, state: ScanState): ScanState {
  let triple = state.triple;
  let depth = state.depth;
  let single: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '\\') {
      // A backslash ending the line continues the statement (or the single-quoted string).
      if (triple === undefined && i === line.length - 1) return { triple, depth, continued: true };
      i++;
      continue;
    }
    if (triple !== undefined) {
      if (line.startsWith(triple, i)) {
        i += 2;
        triple = undefined;
      }
    } else if (single !== undefined) {
      if (char === single) single = undefined;
    } else if (char === '#') {
      break;
    } else if (char === '"' || char === "'") {
      const three = char.repeat(3);
      if (line.startsWith(three, i)) {
        triple = three as Quote;
        i += 2;
      } else {
        single = char;
      }
    } else if (char === '(' || char === '[' || char === '{') {
      depth++;
    } else if (char === ')' || char === ']' || char === '}') {
      depth = Math.max(0, depth - 1);
    }
  }
  return { triple, depth, continued: false };
}

export interface EscapeResult {
  readonly source: string;
  /** Lines turned into comments. */
  readonly escaped: number;
}

function commentWholeCell(lines: readonly string[]): EscapeResult {
  // A final empty string is the cell's trailing newline, not a line of it.
  const last = lines.length - 1;
  const escaped = lines.map((line, index) =>
    index === last && line === '' ? line : commentOut(line),
  );
  return { source: escaped.join('\n'), escaped: lines[last] === '' ? last : lines.length };
}

/** Comments out the IPython-only lines of one Python code cell's source. */
export function escapeMagics(source: string): EscapeResult {
  const lines = source.split('\n');
  const cellMagic = CELL_MAGIC.exec(lines[0] ?? '');
  if (cellMagic?.[1] !== undefined && !PYTHON_BODY_CELL_MAGICS.has(cellMagic[1])) {
    // The body is another language (bash, sql, html...): none of it is Python.
    return commentWholeCell(lines);
  }
  let state = START;
  let continuesMagic = false;
  let escaped = 0;
  const result = lines.map((line) => {
    if (continuesMagic || (isStatementStart(state) && isMagicLine(line))) {
      continuesMagic = CONTINUED.test(line);
      escaped++;
      return commentOut(line);
    }
    state = scanLine(line.replace(/\r$/, ''), state);
    return line;
  });
  return { source: result.join('\n'), escaped };
}
