import Handlebars from 'handlebars';
import { EngineError } from '../../errors.js';

/** Bounds of the custom format (see README.md). */
export const MAX_TEMPLATE_CHARS = 256 * 1024;
export const MAX_OUTPUT_CHARS = 64 * 1024 * 1024;
/**
 * Block iterations (`each`, and sections over lists) per rendered file. Nested loops over the
 * overview's file list could otherwise run for hours before the output bound is ever checked.
 */
export const MAX_ITERATIONS = 5_000_000;

/**
 * Prototype access stays denied, as by default; saying so explicitly (false rather than unset)
 * also stops Handlebars from logging every denied lookup to the console.
 */
const RUNTIME_OPTIONS = {
  allowProtoPropertiesByDefault: false,
  allowProtoMethodsByDefault: false,
} as const;

export type CompiledTemplate = (data: unknown) => string;

const FORBIDDEN_NODES: Readonly<Record<string, string>> = {
  PartialStatement: 'partials are not supported',
  PartialBlockStatement: 'partials are not supported',
  Decorator: 'decorators are not supported',
  DecoratorBlock: 'decorators are not supported',
};

function lineOf(node: unknown): number | undefined {
  const loc = (node as { loc?: { start?: { line?: unknown } } }).loc;
  return typeof loc?.start?.line === 'number' ? loc.start.line : undefined;
}

/** Walks the parsed template and refuses partials and decorators, naming the line. */
function rejectForbiddenNodes(node: unknown): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach(rejectForbiddenNodes);
    return;
  }
  const type = (node as { type?: unknown }).type;
  if (typeof type === 'string' && Object.hasOwn(FORBIDDEN_NODES, type)) {
    const line = lineOf(node);
    throw new EngineError(
      'INVALID_TEMPLATE',
      `The template is not allowed${line ? ` (line ${line})` : ''}: ${FORBIDDEN_NODES[type]}.`,
    );
  }
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'loc') rejectForbiddenNodes(value);
  }
}

function describeCompileError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lineNumber = (error as { lineNumber?: unknown }).lineNumber;
  const line = typeof lineNumber === 'number' ? lineNumber : /line (\d+)/i.exec(message)?.[1];
  // Parse errors end with "Expecting ..., got ..."; compiler errors are one line ending " - 1:0".
  let detail = (message.split('\n').pop() ?? message).replace(/ - \d+:\d+$/, '');
  const helper = /unknown helper (\S+)/.exec(detail)?.[1];
  if (helper) detail = `unknown helper "${helper}" (only if, unless, each, with and lookup exist)`;
  return `The template does not compile${line !== undefined ? ` (line ${line})` : ''}: ${detail}`;
}

/**
 * Compiles a user template once, in its own Handlebars environment: HTML escaping off (the
 * output is code, not HTML), only the built-in helpers if, unless, each, with and lookup (no
 * log, no custom helpers), no partials or decorators, and runtime options that
 * deny access to prototype properties and methods (`constructor`, `__proto__`...). Throws
 * INVALID_TEMPLATE, with the line, for a template that does not compile; the returned function
 * throws TEMPLATE_FAILED when rendering fails, loops past MAX_ITERATIONS or the output passes
 * MAX_OUTPUT_CHARS (both overridable for tests).
 */
/**
 * Replaces the environment's `each` with one that counts iterations against a budget (sections
 * over lists, `{{#files}}`, go through `each` too). Returns the function that resets the count.
 */
function limitIterations(env: typeof Handlebars, maxIterations: number): () => void {
  const originalEach = env.helpers.each;
  if (!originalEach) throw new Error('Handlebars has no each helper');
  let iterations = 0;
  env.registerHelper(
    'each',
    function (this: unknown, context: unknown, options?: Handlebars.HelperOptions) {
      if (!options) return originalEach.call(this, context, options);
      const fn = options.fn;
      const counted: Handlebars.TemplateDelegate = (value, runtimeOptions) => {
        iterations += 1;
        if (iterations > maxIterations) {
          throw new EngineError(
            'TEMPLATE_FAILED',
            `The template ran more than ${maxIterations} loop iterations; simplify its nested loops.`,
          );
        }
        return fn(value, runtimeOptions);
      };
      return originalEach.call(this, context, { ...options, fn: counted });
    },
  );
  return () => {
    iterations = 0;
  };
}

export function compileTemplate(
  source: string,
  limits: { maxOutputChars?: number; maxIterations?: number } = {},
): CompiledTemplate {
  const maxOutputChars = limits.maxOutputChars ?? MAX_OUTPUT_CHARS;
  if (source.length > MAX_TEMPLATE_CHARS) {
    throw new EngineError(
      'INVALID_TEMPLATE',
      `The template is ${source.length} characters long; the limit is ${MAX_TEMPLATE_CHARS}.`,
    );
  }
  const env = Handlebars.create();
  env.unregisterHelper('log');
  const resetIterations = limitIterations(env, limits.maxIterations ?? MAX_ITERATIONS);
  const options = {
    noEscape: true,
    strict: false,
    knownHelpersOnly: true,
    knownHelpers: { log: false },
  };
  let render: Handlebars.TemplateDelegate;
  try {
    const ast = env.parse(source);
    rejectForbiddenNodes(ast);
    // precompile runs the whole compiler (compile() is lazy), so every compile error shows here.
    env.precompile(ast, options);
    render = env.compile(ast, options);
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw new EngineError('INVALID_TEMPLATE', describeCompileError(error));
  }
  return (data) => {
    let output: string;
    resetIterations();
    try {
      output = render(data, RUNTIME_OPTIONS);
    } catch (error) {
      if (error instanceof EngineError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new EngineError('TEMPLATE_FAILED', `The template failed while rendering: ${message}`);
    }
    if (output.length > maxOutputChars) {
      throw new EngineError(
        'TEMPLATE_FAILED',
        `The template produced ${output.length} characters; the limit is ${maxOutputChars}.`,
      );
    }
    return output;
  };
}
