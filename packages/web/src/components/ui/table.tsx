import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names.js';

/**
 * A data table in a horizontally scrollable, keyboard-focusable region (narrow screens scroll
 * the table, not the page). The caption names the table for screen readers.
 */
export function DataTable({
  caption,
  className,
  children,
}: {
  caption: string;
  /** A page's own layout for the table, such as cards on a phone. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className={cx('table', className)}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
