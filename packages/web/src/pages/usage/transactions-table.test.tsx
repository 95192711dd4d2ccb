import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '@repobundle/contract';
import { TransactionsTable } from './transactions-table.js';

const JOB = 'abcdef0123456789';
const row = (id: string, type: Transaction['type'], amount: number): Transaction => ({
  id,
  type,
  credit_type: 'monthly',
  amount,
  balance_after: 100,
  description: `${type} row`,
  job_id: JOB,
  created_at: '2026-11-22T12:00:00Z',
});

describe('transactions table', () => {
  it("shows a job's rows as one line of what it used, expandable to the rows", () => {
    render(
      <MemoryRouter>
        <TransactionsTable
          rows={[row('3', 'usage', -36), row('2', 'refund', 38), row('1', 'reservation', -38)]}
        />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Job abcdef01 used 36 credits')).toBeTruthy();
    expect(within(table).queryByText('refund row')).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Show 3 rows' }));
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getByText('refund row')).toBeTruthy();
  });
});
