import { useMemo, useState } from 'react';
import { useTransactionTotals, useTransactions } from '../../api/queries.js';
import { Button } from '../../components/ui/button.js';
import { EmptyState, Skeleton } from '../../components/ui/feedback.js';
import { Icon } from '../../components/ui/icons.js';
import { Select } from '../../components/ui/select.js';
import { useDebouncedValue } from '../../hooks/use-debounced-value.js';
import { formatNumber } from '../../lib/format.js';
import {
  DATE_RANGES,
  groupByJob,
  RANGE_LABELS,
  TYPE_FILTERS,
  TYPE_LABELS,
  transactionsQuery,
  type DateRange,
  type TypeFilter,
} from '../../lib/transactions.js';
import { useSession } from '../../session/session-context.js';
import { Pagination } from '../dashboard/pagination.js';
import { StatCard } from '../dashboard/stat-card.js';
import { TransactionsTable } from './transactions-table.js';
import { Input } from '../../components/ui/input.js';
import styles from './usage-page.module.css';

const SEARCH_DELAY_MS = 300;

export function UsagePage() {
  const { user, refreshUser } = useSession();
  const [range, setRange] = useState<DateRange>('all');
  const [type, setType] = useState<TypeFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  // The start of a date range is fixed when it is chosen, so the query key stays stable.
  const [rangeStart, setRangeStart] = useState(() => Date.now());
  const query = useTransactions(
    transactionsQuery({ range, type, search: settledSearch, page }, rangeStart),
  );
  const totals = useTransactionTotals();
  const transactions = query.data?.transactions;
  const rows = useMemo(() => transactions ?? [], [transactions]);
  const pagination = query.data?.pagination;
  // Pages count ledger lines (a job's rows are one line), as the server pages them.
  const lines = useMemo(() => groupByJob(rows).length, [rows]);
  const filtered = range !== 'all' || type !== 'all' || settledSearch.trim() !== '';

  const refresh = () => {
    setRangeStart(Date.now());
    void query.refetch();
    void totals.refetch();
    void refreshUser(true);
  };
  const total = (value: number | undefined) =>
    totals.isPending ? (
      <Skeleton width={70} height={28} />
    ) : totals.isError ? (
      'N/A'
    ) : (
      `${formatNumber(value)}${totals.data.complete ? '' : '+'}`
    );

  return (
    <div className="container page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Usage &amp; Transactions</h1>
          <p className="page-subtitle">Every credit purchased, reserved, used and refunded.</p>
        </div>
        <Button variant="secondary" onClick={refresh} loading={query.isFetching}>
          <Icon name="refresh" size={16} />
          Refresh
        </Button>
      </div>

      <div className="grid grid-4 compact-stats">
        <StatCard
          icon="coins"
          label="Credits Available"
          value={formatNumber(user?.credits_available)}
          hint={`${formatNumber(user?.monthly_credits)} monthly · ${formatNumber(user?.purchased_credits)} purchased`}
        />
        <StatCard icon="download" label="Total Purchased" value={total(totals.data?.purchased)} />
        <StatCard icon="zap" label="Total Used" value={total(totals.data?.used)} />
        <StatCard
          icon="clock"
          label="Total Reserved"
          value={total(totals.data?.reserved)}
          hint={`${formatNumber(user?.credits_reserved)} held right now`}
        />
      </div>

      <section className="card section-block">
        <div className={`card-header ${styles.filters}`}>
          <div className={`search-field ${styles.searchField}`}>
            <Icon name="search" size={16} />
            <label className="sr-only" htmlFor="tx-search">
              Search transactions
            </label>
            <Input
              id="tx-search"
              type="search"
              placeholder="Search descriptions..."
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </div>
          <div className={`row ${styles.filterSelects}`}>
            <Select<DateRange>
              label="Date range"
              hideLabel
              value={range}
              onChange={(value) => {
                setRange(value);
                setRangeStart(Date.now());
                setPage(1);
              }}
              options={DATE_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
            />
            <Select<TypeFilter>
              label="Type"
              hideLabel
              value={type}
              onChange={(value) => {
                setType(value);
                setPage(1);
              }}
              options={TYPE_FILTERS.map((value) => ({ value, label: TYPE_LABELS[value]! }))}
            />
          </div>
        </div>
        {query.isPending ? (
          <div className="card-body stack">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} height={34} />
            ))}
          </div>
        ) : query.isError ? (
          <EmptyState
            icon="alert"
            title="Error Loading Data"
            action={
              <Button variant="secondary" onClick={() => void query.refetch()}>
                Try Again
              </Button>
            }
          >
            {query.error.message}
          </EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState icon="credit" title="No transactions found">
            {filtered
              ? 'Try another filter or search.'
              : 'Credits you buy or use will show up here.'}
          </EmptyState>
        ) : (
          <>
            <TransactionsTable rows={rows} />
            {pagination && (
              <div className={`card-body ${styles.tableFooter}`}>
                <span className="faint">
                  {formatNumber((pagination.page - 1) * pagination.limit + 1)}–
                  {formatNumber((pagination.page - 1) * pagination.limit + lines)} of{' '}
                  {formatNumber(pagination.total)}
                </span>
                <Pagination page={page} totalPages={pagination.total_pages} onPage={setPage} />
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
