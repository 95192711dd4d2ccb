import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/toast.js';
import { JOB_ID, Providers, json, makeJob, makeSession } from '../job/job-test-utils.js';
import { DashboardPage } from './dashboard-page.js';

const job = makeJob({ status: 'succeeded', finished_at: new Date().toISOString() });

/** The job list (one job until it is deleted) and a DELETE answering with `deleteStatus`. */
function serve(deleteStatus: number) {
  let deleted = false;
  const listCalls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/jobs?')) {
        listCalls.push(url);
        const jobs = deleted ? [] : [job];
        return json(200, { jobs, pagination: { page: 1, limit: 25, total_jobs: jobs.length } });
      }
      if (init?.method === 'DELETE' && url.startsWith(`/api/jobs/${JOB_ID}?`)) {
        if (deleteStatus !== 200) return json(deleteStatus, { detail: 'Confirmation mismatch' });
        deleted = true;
        return json(200, { message: 'Job deleted', job_id: JOB_ID });
      }
      return json(404, { detail: 'Not found' });
    }),
  );
  return { listCalls };
}

function renderDashboard() {
  const session = makeSession();
  render(
    <Providers session={session}>
      <ToastProvider>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </ToastProvider>
    </Providers>,
  );
  return session;
}

async function deleteTheJob() {
  fireEvent.click((await screen.findAllByRole('button', { name: 'Delete' }))[0]!);
  const dialog = screen.getByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Confirmation'), {
    target: { value: JOB_ID.slice(-5) },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Job' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dashboard job deletion', () => {
  it('reports a failed deletion in a toast, not a browser alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    serve(400);
    renderDashboard();
    await deleteTheJob();
    const status = await screen.findByText('Failed to delete job. Please try again.');
    expect(status.closest('.toast-error')).not.toBeNull();
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes the dialog, refreshes the list and the credits, and confirms', async () => {
    const { listCalls } = serve(200);
    const session = renderDashboard();
    await deleteTheJob();
    await screen.findByText('Job deleted');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(listCalls.length).toBe(2);
    expect(screen.queryAllByRole('button', { name: 'Delete' })).toHaveLength(0);
    expect(session.refreshUser).toHaveBeenCalledWith(true);
  });
});
