import type { ReactNode } from 'react';
import styles from './chip.module.css';

/** A pressable pill: its label, then a count or reason in a fainter weight. */
export function Chip({
  pressed,
  onClick,
  count,
  children,
}: {
  pressed: boolean;
  onClick(): void;
  count: ReactNode;
  children: ReactNode;
}) {
  return (
    <button type="button" className={styles.chip} aria-pressed={pressed} onClick={onClick}>
      {children}
      <span className={styles.chipCount}>{count}</span>
    </button>
  );
}
