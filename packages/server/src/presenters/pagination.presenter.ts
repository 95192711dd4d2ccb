/** Where a page sits in a list: the same fields for every paginated list, from one rule. */
export interface PagePosition {
  page: number;
  limit: number;
  total_pages: number;
  has_next: boolean;
  has_prev: boolean;
}

/**
 * The `pagination` object of a list answer. `totalKey` names the total as each list's contract
 * does (`total` for the ledger, `total_jobs` for jobs).
 */
export function presentPagination<K extends string>(
  page: number,
  limit: number,
  total: number,
  totalKey: K,
): PagePosition & Record<K, number> {
  const totalPages = Math.ceil(total / limit);
  return {
    page,
    limit,
    [totalKey]: total,
    total_pages: totalPages,
    has_next: page < totalPages,
    has_prev: page > 1,
  } as PagePosition & Record<K, number>;
}
