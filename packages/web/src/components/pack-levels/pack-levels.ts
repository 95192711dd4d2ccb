import type { PackLevel } from '@repobundle/contract';
import './pack-levels.css';

export const LEVEL_LABELS: Record<PackLevel, string> = {
  full: 'Full text',
  no_comments: 'No comments',
  signatures: 'Signatures only',
  path_only: 'Path only',
};

export const LEVEL_HINTS: Record<PackLevel, string> = {
  full: 'kept as processed',
  no_comments: 'comments removed',
  signatures: 'bodies replaced by placeholders',
  path_only: 'listed by path, content left out',
};

/** The class that gives a level its colour (pack-levels.css): `level-no-comments`. */
export function levelClass(level: PackLevel): string {
  return `level-${level.replaceAll('_', '-')}`;
}
