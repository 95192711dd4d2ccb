import { useState } from 'react';
import { useTransactions } from '../../api/queries.js';
import { Button } from '../../components/ui/button.js';
import { Badge, EmptyState, Skeleton } from '../../components/ui/feedback.js';
import { Icon } from '../../components/ui/icons.js';
import { Select } from '../../components/ui/select.js';
import { formatDateTime, formatNumber } from '../../lib/format.js';
import {
  DATE_RANGES,
  RANGE_LABELS,
  TYPE_FILTERS,
  TYPE_LABELS,
  filterTransactions,
  totalsOf,
  type DateRange,
  type TypeFilter,
} from '../../lib/transactions.js';
import { useSession } from '../../session/session-context.js';
import { StatCard } from '../dashboard/stat-card.js';
import { DataTable } from '../../components/ui/table.js';

export function UsagePage() {
  const { user } = useSession();
  const query = useTransactions();
  const [range, setRange] = useState<DateRange>('all');
  const [type, setType] = useState<TypeFilter>('all');
  const [search, setSearch] = useState('');
  const all = query.data ?? [];
  const totals = totalsOf(all);
  const rows = filterTransactions(all, range, type, search);

  return (
    <div className="container page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Usage &amp; Transactions</h1>
          <p className="page-subtitle">Every credit purchased, reserved, used and refunded.</p>
        </div>
        <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
          <Icon name="refresh" size={16} />
          Refresh
        </Button>
      </div>

      <div className="grid grid-4">
        <StatCard
          icon="coins"
          label="Credits Available"
          value={formatNumber(user?.credits_available)}
        />
        <StatCard icon="download" label="Total Purchased" value={formatNumber(totals.purchased)} />
        <StatCard icon="zap" label="Total Used" value={formatNumber(totals.used)} />
        <StatCard icon="clock" label="Total Reserved" value={formatNumber(totals.reserved)} />
      </div>

      <section className="card section-block">
        <div className="card-header filters">
          <div className="search-field">
            <Icon name="search" size={16} />
            <label className="sr-only" htmlFor="tx-search">
              Search transactions
            </label>
            <input
              id="tx-search"
              className="input"
              type="search"
              placeholder="Search descriptions..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className="row">
            <Select<DateRange>
              label="Date range"
              hideLabel
              value={range}
              onChange={setRange}
              options={DATE_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
            />
            <Select<TypeFilter>
              label="Type"
              hideLabel
              value={type}
              onChange={setType}
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
            {all.length > 0
              ? 'Try another filter or search.'
              : 'Credits you buy or use will show up here.'}
          </EmptyState>
        ) : (
          <DataTable caption="Transactions">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
                <th scope="col">Kind</th>
                <th scope="col" style={{ textAlign: 'right' }}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.id}>
                  <td>{formatDateTime(t.created_at)}</td>
                  <td>
                    <Badge tone="neutral">{TYPE_LABELS[t.type] ?? t.type}</Badge>
                  </td>
                  <td style={{ whiteSpace: 'normal', minWidth: 220 }}>{t.description}</td>
                  <td>
                    {t.amount > 0 ? (
                      <Badge tone="success">Credit</Badge>
                    ) : (
                      <Badge tone="danger">Debit</Badge>
                    )}
                  </td>
                  <td
                    style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                    className={t.amount > 0 ? 'text-success' : 'text-danger'}
                  >
                    {t.amount > 0 ? '+' : ''}
                    {formatNumber(t.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
    </div>
  );
}
