import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from '../../../errors.js';
import { describeIssues } from '../../plugins/validation.js';

// The repository calls are forms: multipart as a browser's FormData
// sends them, or urlencoded. Every value arrives as text; job fields are turned back into the
// types of the JSON job-creation payload, so the same schema checks both kinds of job.

export type FormFields = Map<string, string[]>;

export interface FormLimits {
  /** Bytes of one value (a JSON list of selected paths is the big one). */
  fieldBytes: number;
  /** Number of values (each selected path may be its own field). */
  fields: number;
}

export function addField(fields: FormFields, name: string, value: string) {
  const key = name.endsWith('[]') ? name.slice(0, -2) : name;
  fields.set(key, [...(fields.get(key) ?? []), value]);
}

/** A parsed query string (a repeated name gives a list) as form fields. */
export function queryFields(query: unknown): FormFields {
  const fields: FormFields = new Map();
  if (typeof query !== 'object' || query === null) return fields;
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') addField(fields, name, item);
    }
  }
  return fields;
}

/** The text fields of the request's form; a file part is refused. */
export async function readForm(request: FastifyRequest, limits: FormLimits): Promise<FormFields> {
  const fields: FormFields = new Map();
  if (request.body instanceof URLSearchParams) {
    for (const [name, value] of request.body) addField(fields, name, value);
    return fields;
  }
  if (!request.isMultipart()) {
    throw badRequest(
      'VALIDATION_ERROR',
      'Send the form as multipart/form-data (or application/x-www-form-urlencoded).',
    );
  }
  const parts = request.parts({
    limits: {
      fieldSize: limits.fieldBytes,
      fields: limits.fields,
      parts: limits.fields + 1,
      files: 1,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      part.file.resume();
      throw badRequest('VALIDATION_ERROR', `${part.fieldname} must be a text field, not a file.`);
    }
    if (part.valueTruncated) {
      throw new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        `The ${part.fieldname} field is larger than ${Math.floor(limits.fieldBytes / 1024)} KB.`,
      );
    }
    addField(
      fields,
      part.fieldname,
      typeof part.value === 'string' ? part.value : String(part.value),
    );
  }
  return fields;
}

const TRUE = new Set(['true', '1', 'on', 'yes']);
const FALSE = new Set(['false', '0', 'off', 'no']);
const BOOLEAN_FIELDS = new Set([
  'remove_comments',
  'compress',
  'remove_blank_lines',
  'show_line_numbers',
  'redact_secrets',
  'use_gitignore',
  'notebook_processing',
  'sort_by_changes',
  'fit_to_model',
]);
const NUMBER_FIELDS = new Set([
  'estimated_tokens',
  'token_limit',
  'chunk_overlap',
  'token_budget',
  'reserve_tokens',
]);
const JSON_FIELDS = new Set(['gitignore_config', 'custom_secret_patterns']);
const LIST_FIELDS = new Set(['selected', 'custom_secret_patterns', 'keep_patterns']);

function parseJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('VALIDATION_ERROR', `${name} must be JSON.`);
  }
}

/** A form value as the JSON payload carries it; one that does not convert is left to the schema. */
function convert(name: string, values: string[]): unknown {
  const [first = ''] = values;
  if (LIST_FIELDS.has(name)) {
    // A list is one JSON value or the field repeated (FormData.append per item).
    if (values.length === 1 && first.trimStart().startsWith('[')) return parseJson(name, first);
    return values.filter((value) => value !== '');
  }
  if (JSON_FIELDS.has(name)) return parseJson(name, first);
  if (BOOLEAN_FIELDS.has(name)) {
    const text = first.trim().toLowerCase();
    return TRUE.has(text) ? true : FALSE.has(text) ? false : first;
  }
  if (NUMBER_FIELDS.has(name)) {
    const number = Number(first);
    return first.trim() !== '' && Number.isFinite(number) ? number : first;
  }
  return first;
}

/** The form checked against a schema of the JSON shape; a broken field is a 400 naming it. */
export function formPayload<S extends z.ZodType>(schema: S, fields: FormFields): z.output<S> {
  const payload: Record<string, unknown> = {};
  for (const [name, values] of fields) {
    if (values.length === 1 && values[0] === '' && !LIST_FIELDS.has(name)) continue;
    payload[name] = convert(name, values);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw badRequest('VALIDATION_ERROR', describeIssues(parsed.error.issues, 'form'));
  }
  return parsed.data;
}
