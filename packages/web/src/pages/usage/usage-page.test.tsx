import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '@repobundle/contract';
import { Providers, json } from '../job/job-test-utils.js';
import { UsagePage } from './usage-page.js';

function row(id: number, type: Transaction['type'], amount: number): Transaction {
  return {
    id: String(id),
    type,
    credit_type: 'monthly',
    amount,
    balance_after: 100,
    description: `Entry ${id}`,
    job_id: null,
    created_at: new Date().toISOString(),
  };
}

/** The ledger server: 30 rows, paged and filtered by type as the real one does. */
function serve() {
  const ledger = Array.from({ length: 30 }, (_, i) =>
    row(i + 1, i % 3 === 0 ? 'usage' : 'reservation', -(i + 1)),
  );
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://app');
      if (url.pathname !== '/payments/transactions') return json(404, {});
      asked.push(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const type = url.searchParams.get('type');
      const search = url.searchParams.get('search');
      const rows = ledger.filter(
        (t) => (!type || t.type === type) && (!search || t.description.includes(search)),
      );
      const pages = Math.ceil(rows.length / limit);
      return json(200, {
        transactions: rows.slice((page - 1) * limit, page * limit),
        pagination: {
          page,
          limit,
          total: rows.length,
          total_pages: pages,
          has_next: page < pages,
          has_prev: page > 1,
        },
      });
    }),
  );
  return asked;
}

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <UsagePage />
      </MemoryRouter>
    </Providers>,
  );
}

const onScreen = () => screen.getAllByRole('row').filter((r) => r.querySelector('td')).length;

afterEach(() => vi.unstubAllGlobals());

describe('usage page on the server ledger', () => {
  it('shows 25 rows a page and pages through the rest', async () => {
    serve();
    renderPage();
    await screen.findByText('1–25 of 30');
    expect(onScreen()).toBe(25);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('26–30 of 30');
    expect(onScreen()).toBe(5);
  });

  it('sends the type filter and the search to the server, and totals the whole ledger', async () => {
    const asked = serve();
    renderPage();
    await screen.findByText('1–25 of 30');
    // Totals cover every row of the three summed types, not the page on screen.
    const used = [...Array(30).keys()].filter((i) => i % 3 === 0).reduce((s, i) => s + i + 1, 0);
    await screen.findByText(String(used));
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'usage' } });
    await screen.findByText('1–10 of 10');
    expect(asked.at(-1)!.get('type')).toBe('usage');
    fireEvent.change(screen.getByLabelText('Search transactions'), {
      target: { value: 'Entry 999' },
    });
    await screen.findByText('No transactions found');
    await waitFor(() => expect(asked.at(-1)!.get('search')).toBe('Entry 999'));
  });
});

describe('usage page paged by job', () => {
  it('counts ledger lines, not rows: a job is one line however many rows it has', async () => {
    // Three finished jobs, three rows each, as the server answers group_by=job: a page of groups.
    const ledger = ['a', 'b', 'c'].flatMap((job, j) =>
      (['usage', 'refund', 'reservation'] as const).map((type, i) => ({
        ...row(j * 3 + i + 1, type, type === 'refund' ? 5 : -5),
        job_id: `${job}0000000-0000-4000-8000-000000000000`,
      })),
    );
    const asked: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://app');
        if (url.pathname !== '/payments/transactions') return json(404, {});
        asked.push(url.searchParams);
        return json(200, {
          transactions: ledger,
          pagination: {
            page: 1,
            limit: 25,
            total: 3,
            total_pages: 1,
            has_next: false,
            has_prev: false,
          },
        });
      }),
    );
    renderPage();
    await screen.findByText('1–3 of 3');
    expect(asked.some((params) => params.get('group_by') === 'job')).toBe(true);
  });
});
