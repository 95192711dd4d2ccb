import { Icon } from '../../components/ui/icons.js';
import { buttonClass } from '../../components/ui/button.js';
import styles from './pagination.module.css';

export const MAX_PAGE_BUTTONS = 5;

/** Up to five page numbers centred on the current page. */
export function pageWindow(page: number, totalPages: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, totalPages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, Math.max(1, totalPages - count + 1));
  return Array.from({ length: count }, (_, index) => start + index);
}

export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage(page: number): void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label="Pagination">
      <button
        type="button"
        className={buttonClass({ variant: 'secondary', size: 'sm', icon: true })}
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <Icon name="chevronLeft" size={16} />
      </button>
      {pageWindow(page, totalPages).map((number) => (
        <button
          key={number}
          type="button"
          className={buttonClass({
            variant: number === page ? 'primary' : 'secondary',
            size: 'sm',
          })}
          aria-current={number === page ? 'page' : undefined}
          onClick={() => onPage(number)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className={buttonClass({ variant: 'secondary', size: 'sm', icon: true })}
        aria-label="Next page"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        <Icon name="chevronRight" size={16} />
      </button>
    </nav>
  );
}
