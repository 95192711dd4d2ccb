import type { CreditType, Transaction, TransactionType } from '@repobundle/contract';
import type { CreditTransactionRow } from '../db/repositories/credits.repository.js';

/** One ledger row as the usage screen lists it. */
export function presentTransaction(row: CreditTransactionRow): Transaction {
  return {
    id: row.id,
    type: row.type as TransactionType,
    credit_type: row.credit_type as CreditType,
    amount: row.amount,
    balance_after: row.balance_after,
    description: row.description,
    job_id: row.job_id,
    created_at: row.created_at.toISOString(),
  };
}
