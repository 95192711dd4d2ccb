import { Link } from 'react-router';
import type { Transaction } from '../../api/types.js';
import { Badge } from '../../components/ui/feedback.js';
import { DataTable } from '../../components/ui/table.js';
import { formatDateTime, formatNumber } from '../../lib/format.js';
import { TYPE_LABELS } from '../../lib/transactions.js';

const CREDIT_TYPE_LABELS: Record<string, string> = { monthly: 'Monthly', purchased: 'Purchased' };

function Amount({ value }: { value: number }) {
  return (
    <span className={value > 0 ? 'txn-amount text-success' : 'txn-amount text-danger'}>
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
        <Link className="txn-job" to={`/jobs/${transaction.job_id}`}>
          View job
        </Link>
      )}
    </>
  );
}

/** Amount above 0 is a Credit, otherwise a Debit (spec part 1 section 9). */
function Kind({ amount }: { amount: number }) {
  return amount > 0 ? <Badge tone="success">Credit</Badge> : <Badge tone="danger">Debit</Badge>;
}

/** A table on wide screens; a list of cards on phones, where nine columns cannot fit. */
export function TransactionsTable({ rows }: { rows: Transaction[] }) {
  return (
    <>
      <div className="txn-table">
        <DataTable caption="Transactions">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col">Description</th>
              <th scope="col">Credits</th>
              <th scope="col">Kind</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col" className="num">
                Balance after
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
                <td className="txn-description">
                  <Description transaction={t} />
                </td>
                <td>{CREDIT_TYPE_LABELS[t.credit_type] ?? t.credit_type ?? '—'}</td>
                <td>
                  <Kind amount={t.amount} />
                </td>
                <td className="num">
                  <Amount value={t.amount} />
                </td>
                <td className="num faint">
                  {t.balance_after === undefined ? '—' : formatNumber(t.balance_after)}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>
      <ul className="txn-cards" aria-label="Transactions">
        {rows.map((t) => (
          <li key={t.id} className="txn-card">
            <div className="txn-card-top">
              <Badge tone="neutral">{TYPE_LABELS[t.type] ?? t.type}</Badge>
              <Amount value={t.amount} />
            </div>
            <div className="txn-description">
              <Description transaction={t} />
            </div>
            <div className="txn-card-meta faint">
              <span>{formatDateTime(t.created_at)}</span>
              <span>
                {CREDIT_TYPE_LABELS[t.credit_type] ?? t.credit_type}
                {t.balance_after === undefined ? '' : ` · balance ${formatNumber(t.balance_after)}`}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
