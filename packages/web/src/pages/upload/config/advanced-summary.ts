import type { UploadOptions } from './job-fields.js';
import { formatTokenLimit } from './token-limits.js';

// The advanced options summary: one item per kind of option, each
// with details; the panel shows the first two details and then an ellipsis.

export const FORMAT_LABELS: Readonly<Record<string, string>> = {
  md: 'Markdown',
  txt: 'Plain text',
  json: 'JSON',
  xml: 'XML',
  csv: 'CSV',
  yaml: 'YAML',
  custom: 'Custom template',
};

export const STRATEGY_LABELS: Readonly<Record<string, string>> = {
  fixed: 'Fixed Size',
  file_based: 'File Based',
  semantic: 'Semantic',
  auto: 'Smart Auto',
};

export interface SummaryItem {
  type: string;
  details: string[];
}

export function summarizeOptions(options: UploadOptions): SummaryItem[] {
  const processing = [
    options.includeComments ? 'Comments kept' : 'Comments removed',
    options.includeBlankLines ? 'Blank lines kept' : 'Blank lines removed',
    options.includeMetadata ? 'Line numbers' : 'No line numbers',
  ];
  if (options.compress) processing.push('Signatures only');
  if (options.notebookProcessing) processing.push('Notebooks converted');
  const chunking = [
    STRATEGY_LABELS[options.chunkingStrategy]!,
    `${formatTokenLimit(options.tokenLimit)} tokens`,
  ];
  if (options.chunkingStrategy === 'fixed' && options.chunkOverlap > 0) {
    chunking.push(`${options.chunkOverlap.toLocaleString('en-US')} overlap`);
  }
  const excludes = options.customPatterns.filter((p) => p.type === 'exclude').length;
  const includes = options.customPatterns.length - excludes;
  const gitignore = [options.useGitignore ? 'Respects .gitignore' : '.gitignore not applied'];
  if (excludes > 0) gitignore.push(`${excludes} exclude pattern${excludes === 1 ? '' : 's'}`);
  if (includes > 0) gitignore.push(`${includes} include pattern${includes === 1 ? '' : 's'}`);
  return [
    { type: 'Output', details: [FORMAT_LABELS[options.outputFormat]!, ...processing] },
    { type: 'Chunking', details: chunking },
    { type: 'Git Ignore', details: gitignore },
    { type: 'Secrets', details: [options.redactSecrets ? 'Redaction enabled' : 'Redaction off'] },
  ];
}

/** First two details, then an ellipsis when there are more. */
export function shortDetails(details: readonly string[]): string {
  return details.length > 2 ? `${details.slice(0, 2).join(', ')}, …` : details.join(', ');
}
