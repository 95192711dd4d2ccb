import type { PackLevel } from '@repobundle/contract';
import styles from './pack-levels.module.css';

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

const LEVEL_CLASSES: Record<PackLevel, string | undefined> = {
  full: styles.levelFull,
  no_comments: styles.levelNoComments,
  signatures: styles.levelSignatures,
  path_only: styles.levelPathOnly,
};

/** The class that gives a level its colour (`--level`, `--level-soft`), the same on every page. */
export function levelClass(level: PackLevel): string {
  return LEVEL_CLASSES[level] ?? '';
}
