import type { FileStageOptions } from '../config/options.js';
import { baseName } from './base-name.js';
import { decodeText } from './decode/index.js';
import { languageOf } from './languages.js';
import { countLinesWithMarks } from './line-marks.js';
import { measureRuns } from './render/piece-runs.js';
import type { TokenCounter } from './tokens/token-counter.js';
import { countLinesOf } from './tokens/token-counter.js';
import type { ImportReference } from './budget/imports/import-reference.js';
import { fileImports } from './budget/imports/file-imports.js';
import { fileOutline } from './syntax/file-outline.js';
import { grammarOf } from './syntax/grammars.js';
import type { SyntaxOutline } from './syntax/outline.js';
import type { SyntaxParser } from './syntax/parser.js';
import { addLineNumbersTransform } from './transform/add-line-numbers.js';
import { applyTransforms } from './transform/transform-pipeline.js';
import { SkipFileError } from './transform/transform.js';
import type { Transform, TransformContext } from './transform/transform.js';
import type { ProcessedFile, SecretCount, SkippedFile } from './types.js';

export type FileOutcome =
  /**
   * `cached`: read from the result cache instead of processed again; `unread`: found by a known
   * content digest, without reading the file; `digest`: the content digest of the bytes, when a
   * cache keyed the result by it (none of these is ever in the output).
   */
  | { ok: true; file: ProcessedFile; cached?: true; unread?: true; digest?: string }
  | { ok: false; skipped: SkippedFile };

/**
 * Decode, transform and count one file: the unit of work the worker pool runs. A problem with
 * this file becomes a skip record with its reason; it never aborts the job.
 */
export async function processFile(
  path: string,
  bytes: Uint8Array,
  options: FileStageOptions,
  counter: TokenCounter,
  transforms: readonly Transform[],
  /** Grammars for comment removal and the outline semantic/auto chunking reads. */
  parser?: SyntaxParser,
): Promise<FileOutcome> {
  // Everything below reads the file's name, never its folders: the result cache keys results
  // by name and bytes, so copies in other folders share one result.
  const name = baseName(path);
  const decoded = decodeText(name, bytes, options.maxFileBytes);
  if (!decoded.ok) return { ok: false, skipped: { path, reason: decoded.reason } };

  let language = languageOf(name);
  const notes: string[] = [];
  const redactions: Record<string, number> = {};
  const secrets = new Map<string, SecretCount>();
  let content: string;
  // The outline is parsed from the text before line numbers (numbers would not parse).
  let unnumbered: string;
  const numbering = transforms.filter((step) => step === addLineNumbersTransform);
  try {
    const context: TransformContext = {
      name,
      get language() {
        return language;
      },
      setLanguage: (id) => {
        language = id;
      },
      options,
      note: (message) => notes.push(message),
      countRedaction: (type) => {
        redactions[type] = (redactions[type] ?? 0) + 1;
      },
      countSecret: (type, confidence) => {
        const key = `${type} ${confidence}`;
        secrets.set(key, { type, confidence, count: (secrets.get(key)?.count ?? 0) + 1 });
      },
      parser,
    };
    const steps = transforms.filter((step) => step !== addLineNumbersTransform);
    unnumbered = await applyTransforms(decoded.text, steps, context);
    content = await applyTransforms(unnumbered, numbering, context);
  } catch (error) {
    if (error instanceof SkipFileError) {
      return { ok: false, skipped: { path, reason: error.reason } };
    }
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, skipped: { path, reason: { kind: 'processing-failed', detail } } };
  }

  const wantsOutline =
    options.chunkingStrategy === 'semantic' || options.chunkingStrategy === 'auto';
  let outline: SyntaxOutline | undefined;
  if (parser && wantsOutline) {
    try {
      outline = await fileOutline(unnumbered, language, parser, numbering.length > 0);
      // A language without a grammar is cut at lines by design; one with a grammar says why not.
      if (!outline && grammarOf(language)) {
        notes.push(`no syntax outline: the ${language} parser gave no tree; cut at lines`);
      }
    } catch (error) {
      notes.push(`no syntax outline: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // After the outline: the same text, so the parser hands back the tree it already has.
  let imports: ImportReference[] | undefined;
  if (parser && options.findImports) {
    try {
      imports = await fileImports(unnumbered, language, parser);
    } catch {
      // Ranking reads this file's imports by pattern instead.
    }
  }

  const { linePrefix, lineMarks } = countLinesWithMarks(content, counter);
  const file: ProcessedFile = {
    path,
    language,
    content,
    lines: countLinesOf(content),
    tokens: linePrefix[linePrefix.length - 1] ?? 0,
    linePrefix,
    ...(lineMarks ? { lineMarks } : {}),
    originalBytes: bytes.byteLength,
    notes,
    ...(Object.keys(redactions).length > 0 ? { redactions } : {}),
    ...(secrets.size > 0 ? { secrets: [...secrets.values()] } : {}),
    ...(outline ? { outline } : {}),
    ...(imports ? { imports } : {}),
    runs: measureRuns(content),
  };
  return { ok: true, file };
}
