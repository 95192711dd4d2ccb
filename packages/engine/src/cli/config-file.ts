import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { bundleOptionsSchema } from '../config/options.js';
import { UsageError } from './parse-args.js';

/** The file `repobundle pack` reads from the input folder's root when no --config is given. */
export const CONFIG_FILE_NAME = 'repobundle.config.json';

/**
 * Keys are the job fields in camelCase (as the engine's options), plus the CLI's own settings.
 * Options only a program sets (an explicit selection, the per-file cap) are left out.
 */
export const configFileSchema = bundleOptionsSchema
  .omit({ selectedPaths: true, maxFileBytes: true, template: true })
  .partial()
  .extend({
    $schema: z.string().optional().describe('The JSON Schema of this file, for editors.'),
    output: z.string().min(1).optional().describe('Output folder (the -o flag); "-" for stdout.'),
    templateFile: z
      .string()
      .min(1)
      .optional()
      .describe('Handlebars template for outputFormat "custom", relative to this file.'),
    instructionFile: z
      .string()
      .min(1)
      .optional()
      .describe('A file whose text is the instructions for the model, relative to this file.'),
    topFiles: z
      .number()
      .int()
      .min(0)
      .max(1000)
      .optional()
      .describe('How many of the largest files to list after packing (default 5).'),
    tokenTree: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .describe('Print the token tree to this folder depth after packing.'),
    workers: z.number().int().min(0).max(256).optional().describe('Worker threads.'),
  })
  .strict();

export type ConfigFile = z.infer<typeof configFileSchema>;

export interface LoadedConfig {
  readonly path: string;
  readonly values: ConfigFile;
}

/** The JSON Schema editors use to complete and check the file (published in the package). */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(configFileSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'repobundle.config.json',
    description:
      'Options for `repobundle pack`: the job fields in camelCase. Flags on the command line win over this file.',
  };
}

/**
 * The config file: `explicit` (from --config) must exist; otherwise `repobundle.config.json` in
 * the input folder is read when present. Undefined when there is none.
 */
export async function loadConfig(
  explicit: string | undefined,
  inputFolder: string | undefined,
): Promise<LoadedConfig | undefined> {
  const path = explicit ?? (inputFolder ? join(inputFolder, CONFIG_FILE_NAME) : undefined);
  if (path === undefined) return undefined;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (explicit === undefined && (error as NodeJS.ErrnoException).code === 'ENOENT') {
      return undefined;
    }
    throw new UsageError(`Cannot read the config file ${path}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(stripJsonComments(text));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${path} is not valid JSON: ${detail}.`);
  }
  const parsed = configFileSchema.safeParse(json);
  if (!parsed.success) throw new UsageError(`${path}: ${describeIssues(parsed.error.issues)}`);
  // Only what the file says: the schema fills defaults, which must not outrank nothing.
  const given = json as Record<string, unknown>;
  const values = Object.fromEntries(
    Object.entries(parsed.data).filter(([key]) => key in given && key !== '$schema'),
  ) as ConfigFile;
  return { path, values };
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        const keys = issue.keys.map((key) => `"${key}"`).join(', ');
        return `unknown key${issue.keys.length === 1 ? '' : 's'} ${keys} (see repobundle init for the keys)`;
      }
      const where = issue.path.map(String).join('.');
      return where ? `"${where}": ${issue.message}` : issue.message;
    })
    .join('; ');
}

/**
 * JSON with `//` and `/* *\/` comments (as editors allow in config files): the comments become
 * spaces, strings are left alone, so positions in error messages still match the file.
 */
export function stripJsonComments(text: string): string {
  let result = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '"') {
      const start = index++;
      while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
      result += text.slice(start, ++index);
    } else if (char === '/' && text[index + 1] === '/') {
      const end = text.indexOf('\n', index);
      const stop = end === -1 ? text.length : end;
      result += ' '.repeat(stop - index);
      index = stop;
    } else if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      const stop = end === -1 ? text.length : end + 2;
      result += text.slice(index, stop).replace(/[^\n]/g, ' ');
      index = stop;
    } else {
      result += char;
      index++;
    }
  }
  return result;
}
