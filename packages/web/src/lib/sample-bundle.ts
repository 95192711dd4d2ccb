import { SAMPLE_BUNDLE_FILE } from './sample-bundle-file.js';

/**
 * The landing page's sample: a real package bundled by the engine at build time
 * (scripts/sample-bundle.mjs writes it; the fields are named as there).
 */
export interface SampleBundle {
  source: { name: string; version: string; license: string; repository: string | null };
  generated_at: string;
  statistics: {
    files: number;
    lines: number;
    tokens: number;
    chunks: number;
    output_tokens: number;
  };
  overview: { file_name: string; text: string };
  chunks: { index: number; file_name: string; tokens: number; text: string }[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => Number.isInteger(value) && Number(value) >= 0;

function isChunk(value: unknown): value is SampleBundle['chunks'][number] {
  return (
    isObject(value) &&
    isCount(value.index) &&
    isString(value.file_name) &&
    isCount(value.tokens) &&
    isString(value.text)
  );
}

/** The fetched file, checked: a build from another version must fail loudly, not render junk. */
export function parseSampleBundle(value: unknown): SampleBundle {
  const ok =
    isObject(value) &&
    isObject(value.source) &&
    isString(value.source.name) &&
    isString(value.source.version) &&
    isString(value.source.license) &&
    isString(value.generated_at) &&
    isObject(value.statistics) &&
    ['files', 'lines', 'tokens', 'chunks', 'output_tokens'].every((key) =>
      isCount((value.statistics as Record<string, unknown>)[key]),
    ) &&
    isObject(value.overview) &&
    isString(value.overview.file_name) &&
    isString(value.overview.text) &&
    Array.isArray(value.chunks) &&
    value.chunks.length > 0 &&
    value.chunks.every(isChunk);
  if (!ok) throw new Error('The sample bundle is not in the expected shape.');
  return value as unknown as SampleBundle;
}

export async function fetchSampleBundle(): Promise<SampleBundle> {
  const response = await fetch(`/${SAMPLE_BUNDLE_FILE}`);
  if (!response.ok) throw new Error(`The sample bundle could not be loaded (${response.status}).`);
  return parseSampleBundle(await response.json());
}
