import type { ReactNode } from 'react';
import styles from './summary-dock.module.css';

/** Holds the summary bar, with the notices above it, at the bottom of the screen. */
export function SummaryDock({ children }: { children: ReactNode }) {
  return (
    <div className={styles.summaryDock} data-testid="summary-dock">
      {children}
    </div>
  );
}
