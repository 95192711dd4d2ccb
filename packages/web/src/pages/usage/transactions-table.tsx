import { useState } from 'react';
import { Link } from 'react-router';
import type { Transaction } from '@repobundle/contract';
import { Badge } from '../../components/ui/feedback.js';
import { DataTable } from '../../components/ui/table.js';
import { formatDateTime, formatNumber } from '../../lib/format.js';
import { groupByJob, TYPE_LABELS, type LedgerItem } from '../../lib/transactions.js';
import usagePageStyles from './usage-page.module.css';

const CREDIT_TYPE_LABELS: Record<string, string> = { monthly: 'Monthly', purchased: 'Purchased' };

function Amount({ value }: { value: number }) {
  return (
    <span
      className={
        value > 0
          ? `${usagePageStyles.txnAmount} text-success`
          : `${usagePageStyles.txnAmount} text-danger`
      }
    >
      {value > 0 ? '+' : ''}
      {formatNumber(value)}
    </span>
  );
}

function Description({ transaction }: { transaction: Transaction }) {
  return (
    <>
      <span>{transaction.description}</span>
      {transaction.job_id && (
        <Link className={usagePageStyles.txnJob} to={`/jobs/${transaction.job_id}`}>
          View job
        </Link>
      )}
    </>
  );
}

/** Amount above 0 is a Credit, otherwise a Debit. */
function Kind({ amount }: { amount: number }) {
  return amount > 0 ? <Badge tone="success">Credit</Badge> : <Badge tone="danger">Debit</Badge>;
}

function Row({ t, child = false }: { t: Transaction; child?: boolean }) {
  return (
    <tr className={child ? usagePageStyles.txnChild : undefined}>
      <td>{formatDateTime(t.created_at)}</td>
      <td>
        <Badge tone="neutral">{TYPE_LABELS[t.type] ?? t.type}</Badge>
      </td>
      <td className={usagePageStyles.txnDescription}>
        {child ? <span>{t.description}</span> : <Description transaction={t} />}
      </td>
      <td>{CREDIT_TYPE_LABELS[t.credit_type] ?? t.credit_type ?? '—'}</td>
      <td>
        <Kind amount={t.amount} />
      </td>
      <td className={usagePageStyles.num}>
        <Amount value={t.amount} />
      </td>
      <td className={`${usagePageStyles.num} faint`}>
        {t.balance_after === undefined ? '—' : formatNumber(t.balance_after)}
      </td>
    </tr>
  );
}

/** A job's net amount: 0 (a returned reservation) is neither a credit nor a debit. */
function JobAmount({ value }: { value: number }) {
  if (value === 0) return <span className={`${usagePageStyles.txnAmount} faint`}>0</span>;
  return <Amount value={value} />;
}

function JobToggle({
  item,
  open,
  onToggle,
}: {
  item: Extract<LedgerItem, { kind: 'job' }>;
  open: boolean;
  onToggle(): void;
}) {
  return (
    <button
      type="button"
      className={usagePageStyles.txnToggle}
      aria-expanded={open}
      onClick={onToggle}
    >
      {open ? 'Hide' : 'Show'} {item.rows.length} {item.rows.length === 1 ? 'row' : 'rows'}
    </button>
  );
}

function JobRows({ item }: { item: Extract<LedgerItem, { kind: 'job' }> }) {
  const [open, setOpen] = useState(false);
  const newest = item.rows[0]!;
  return (
    <>
      <tr className="txn-job-row">
        <td>{formatDateTime(newest.created_at)}</td>
        <td>
          <Badge tone="neutral">Job</Badge>
        </td>
        <td className={usagePageStyles.txnDescription}>
          <span>{item.label}</span>
          <Link className={usagePageStyles.txnJob} to={`/jobs/${item.jobId}`}>
            View job
          </Link>
          <JobToggle item={item} open={open} onToggle={() => setOpen(!open)} />
        </td>
        <td>{CREDIT_TYPE_LABELS[newest.credit_type] ?? newest.credit_type ?? '—'}</td>
        <td>{item.amount === 0 ? <Badge>Returned</Badge> : <Kind amount={item.amount} />}</td>
        <td className={usagePageStyles.num}>
          <JobAmount value={item.amount} />
        </td>
        <td className={`${usagePageStyles.num} faint`}>
          {newest.balance_after === undefined ? '—' : formatNumber(newest.balance_after)}
        </td>
      </tr>
      {open && item.rows.map((t) => <Row key={t.id} t={t} child />)}
    </>
  );
}

function Card({ t }: { t: Transaction }) {
  return (
    <li className={usagePageStyles.txnCard}>
      <div className={usagePageStyles.txnCardTop}>
        <Badge tone="neutral">{TYPE_LABELS[t.type] ?? t.type}</Badge>
        <Amount value={t.amount} />
      </div>
      <div className={usagePageStyles.txnDescription}>
        <Description transaction={t} />
      </div>
      <div className={`${usagePageStyles.txnCardMeta} faint`}>
        <span>{formatDateTime(t.created_at)}</span>
        <span>
          {CREDIT_TYPE_LABELS[t.credit_type] ?? t.credit_type}
          {t.balance_after === undefined ? '' : ` · balance ${formatNumber(t.balance_after)}`}
        </span>
      </div>
    </li>
  );
}

function JobCard({ item }: { item: Extract<LedgerItem, { kind: 'job' }> }) {
  const [open, setOpen] = useState(false);
  const newest = item.rows[0]!;
  return (
    <li className={usagePageStyles.txnCard}>
      <div className={usagePageStyles.txnCardTop}>
        <Badge tone="neutral">Job</Badge>
        <JobAmount value={item.amount} />
      </div>
      <div className={usagePageStyles.txnDescription}>
        <span>{item.label}</span>
        <Link className={usagePageStyles.txnJob} to={`/jobs/${item.jobId}`}>
          View job
        </Link>
      </div>
      <div className={`${usagePageStyles.txnCardMeta} faint`}>
        <span>{formatDateTime(newest.created_at)}</span>
        <JobToggle item={item} open={open} onToggle={() => setOpen(!open)} />
      </div>
      {open && (
        <ul className={usagePageStyles.txnCardChildren}>
          {item.rows.map((t) => (
            <Card key={t.id} t={t} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * A table on wide screens; a list of cards on phones, where nine columns cannot fit. A job's rows
 * show as one line (what it used), expandable to the rows themselves.
 */
export function TransactionsTable({ rows }: { rows: Transaction[] }) {
  const items = groupByJob(rows);
  return (
    <>
      <div className={usagePageStyles.txnTable}>
        <DataTable caption="Transactions">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col">Description</th>
              <th scope="col">Credits</th>
              <th scope="col">Kind</th>
              <th scope="col" className={usagePageStyles.num}>
                Amount
              </th>
              <th scope="col" className={usagePageStyles.num}>
                Balance after
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) =>
              item.kind === 'row' ? (
                <Row key={item.row.id} t={item.row} />
              ) : (
                <JobRows key={`job-${item.jobId}`} item={item} />
              ),
            )}
          </tbody>
        </DataTable>
      </div>
      <ul className={usagePageStyles.txnCards} data-testid="txn-cards" aria-label="Transactions">
        {items.map((item) =>
          item.kind === 'row' ? (
            <Card key={item.row.id} t={item.row} />
          ) : (
            <JobCard key={`job-${item.jobId}`} item={item} />
          ),
        )}
      </ul>
    </>
  );
}
