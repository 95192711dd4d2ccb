import type { SkipReason } from '../types.js';

/** One sentence for people saying why a file was skipped; used by the overview and job errors. */
export function describeSkipReason(reason: SkipReason): string {
  switch (reason.kind) {
    case 'not-selected':
      return 'not in the selected files';
    case 'excluded-folder':
      return `excluded folder ${code(reason.folder)}`;
    case 'excluded-file':
      return `excluded file (${reason.rule})`;
    case 'gitignored':
      return `ignored by .gitignore pattern ${code(reason.pattern)} in ${code(reason.source)}`;
    case 'custom-exclude':
      return `excluded by the custom pattern ${code(reason.pattern)}`;
    case 'not-included':
      return `matches none of the include patterns ${reason.patterns.map(code).join(', ')}`;
    case 'binary':
      return `binary file (by ${reason.by})`;
    case 'too-large':
      return `larger than the ${formatBytes(reason.limit)} per-file limit (${formatBytes(reason.size)})`;
    case 'undecodable':
      return `not readable as text: ${reason.detail}`;
    case 'invalid-notebook':
      return `invalid notebook: ${reason.detail}`;
    case 'read-failed':
      return `could not be read: ${reason.detail}`;
    case 'processing-failed':
      return `processing failed: ${reason.detail}`;
  }
}

/** Markdown code span that survives backticks inside the value. */
function code(value: string): string {
  const longestRun = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${value}${pad}${fence}`;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** Binary units with at most one decimal, trailing `.0` dropped: 5 MB, 7.2 MB, 900 bytes. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${rounded} ${UNITS[unit]}`;
}
