import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names.js';
import styles from './table.module.css';

/**
 * A data table in a horizontally scrollable, keyboard-focusable region (narrow screens scroll
 * the table, not the page). The caption names the table for screen readers. `stacked` turns each
 * row into a card on a phone instead; its cells name their column in `data-label`.
 */
export function DataTable({
  caption,
  className,
  stacked = false,
  children,
}: {
  caption: string;
  /** A page's own additions to the table's look. */
  className?: string;
  /** Each row a card on a phone, instead of a table that scrolls sideways. */
  stacked?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className={cx('table', stacked && styles.stacked, className)}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
