import type { ReactNode } from 'react';

/**
 * A data table in a horizontally scrollable, keyboard-focusable region (narrow screens scroll
 * the table, not the page). The caption names the table for screen readers.
 */
export function DataTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="table">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
