import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobResponse } from '@repobundle/contract';
import { JOB_POLL_MS } from '../../api/job-queries.js';
import { JOB_ID, Providers, json, makeJob, makeSession } from './job-test-utils.js';
import { JobPage } from './job-page.js';

type Answer = JobResponse | { status: number; body: unknown };

/** Serves the job from a script of answers, one per GET of the job (the last one repeats). */
function serve(answers: Answer[]) {
  const jobCalls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === `/api/jobs/${JOB_ID}` && (init?.method ?? 'GET') === 'GET') {
      const answer = answers[Math.min(jobCalls.length, answers.length - 1)]!;
      jobCalls.push(url);
      return 'id' in answer ? json(200, answer) : json(answer.status, answer.body);
    }
    if (url.startsWith(`/api/jobs/${JOB_ID}?confirmation_digits=`)) {
      return json(400, { detail: 'Confirmation mismatch', code: 'CONFIRMATION_MISMATCH' });
    }
    return json(404, { detail: 'Not found', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { jobCalls, fetchMock };
}

function renderPage(session = makeSession(), path = `/jobs/${JOB_ID}`) {
  render(
    <Providers session={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/jobs/:jobId" element={<JobPage />} />
          <Route path="/dashboard" element={<p>dashboard page</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return session;
}

/** Moves the clock, then lets the answers that came due settle (response bodies included). */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(10);
  });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const done = makeJob({
  status: 'succeeded',
  started_at: new Date().toISOString(),
  finished_at: new Date().toISOString(),
  actual_credits: 2,
  progress: { stage: 'done', percent: 100 },
  statistics: {
    files: 12,
    skipped_files: 0,
    lines: 3400,
    tokens: 30_000,
    chunks: 3,
    output_tokens: 31_000,
    output_files: 4,
    processing_ms: 900,
  },
});

describe('job page polling', () => {
  it('polls every 3 s while the job runs and stops once it succeeded', async () => {
    vi.useFakeTimers();
    const { jobCalls } = serve([
      makeJob({ status: 'pending' }),
      makeJob({ status: 'processing', progress: { stage: 'chunking', percent: 62 } }),
      done,
    ]);
    const session = renderPage();
    await advance(0);
    expect(jobCalls).toHaveLength(1);
    expect(screen.getByText('Waiting to start')).toBeTruthy();
    await advance(JOB_POLL_MS);
    expect(jobCalls).toHaveLength(2);
    expect(screen.getByText('62%')).toBeTruthy();
    expect(screen.getAllByText('Chunking').length).toBeGreaterThan(0);
    await advance(JOB_POLL_MS);
    expect(jobCalls).toHaveLength(3);
    expect(screen.getByRole('button', { name: /Download ZIP/ })).toBeTruthy();
    await advance(JOB_POLL_MS * 10);
    expect(jobCalls).toHaveLength(3);
    // The user is re-read once for the pending job and once when it completes.
    expect(session.refreshUser).toHaveBeenCalledTimes(2);
  });

  it('stops polling when the job failed', async () => {
    vi.useFakeTimers();
    const { jobCalls } = serve([
      makeJob({ status: 'processing' }),
      makeJob({
        status: 'failed',
        error: 'The archive is corrupt.',
        finished_at: new Date().toISOString(),
      }),
    ]);
    const session = renderPage();
    await advance(JOB_POLL_MS);
    expect(jobCalls).toHaveLength(2);
    await advance(JOB_POLL_MS * 10);
    expect(jobCalls).toHaveLength(2);
    expect(screen.getByText(/The archive is corrupt\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download ZIP/ })).toBeNull();
    // First seen processing (not pending): only the completion refresh.
    expect(session.refreshUser).toHaveBeenCalledTimes(1);
  });

  it('stops polling on an error', async () => {
    vi.useFakeTimers();
    const { jobCalls } = serve([
      makeJob({ status: 'processing' }),
      { status: 404, body: { detail: 'Job not found', code: 'NOT_FOUND' } },
    ]);
    renderPage();
    await advance(JOB_POLL_MS);
    expect(jobCalls).toHaveLength(2);
    await advance(JOB_POLL_MS * 10);
    expect(jobCalls).toHaveLength(2);
    expect(screen.getByText('Error Loading Job')).toBeTruthy();
    expect(screen.getByText('Job not found')).toBeTruthy();
  });

  it('shows the live processing time, ticking every second', async () => {
    vi.useFakeTimers();
    serve([
      makeJob({ status: 'processing', created_at: new Date(Date.now() - 65_000).toISOString() }),
    ]);
    renderPage();
    await advance(0);
    expect(screen.getByText('1m 5s')).toBeTruthy();
    await advance(1_000);
    expect(screen.getByText('1m 6s')).toBeTruthy();
  });
});

describe('job page states', () => {
  it('shows "Loading Job Details..." then "Error Loading Job" with the message', async () => {
    serve([{ status: 404, body: { detail: 'Job not found', code: 'NOT_FOUND' } }]);
    renderPage();
    expect(screen.getByText('Loading Job Details...')).toBeTruthy();
    await screen.findByText('Error Loading Job');
    expect(screen.getByText('Job not found')).toBeTruthy();
  });

  it('badges the tabs: Active and files, Not Ready, errors', async () => {
    serve([
      makeJob({
        status: 'processing',
        errors: [
          { path: 'img/logo.png', reason: 'binary', message: 'Binary file.' },
          { path: 'package-lock.json', reason: 'excluded-file', message: 'Lock file.' },
          { path: 'src/broken.ts', reason: 'read-failed', message: 'Could not read.' },
        ],
      }),
    ]);
    renderPage();
    const overview = await screen.findByRole('tab', { name: /Overview/ });
    expect(overview.textContent).toBe('OverviewActive12 files');
    expect(screen.getByRole('tab', { name: /Preview Files/ }).textContent).toBe(
      'Preview FilesNot Ready',
    );
    // Files the product left out by rule are skipped, not errors: only the read failure counts.
    expect(screen.getByRole('tab', { name: /Analytics/ }).textContent).toBe('Analytics1 error');
    fireEvent.click(screen.getByRole('tab', { name: /Preview Files/ }));
    expect(screen.getByText('Processing Job...')).toBeTruthy();
  });

  it('lists skipped files apart from processing errors, in a neutral colour', async () => {
    serve([
      makeJob({
        status: 'succeeded',
        finished_at: new Date().toISOString(),
        errors: [
          { path: 'venv', reason: 'excluded-folder', message: 'Excluded folder venv.' },
          { path: 'poetry.lock', reason: 'excluded-file', message: 'Lock file.' },
        ],
      }),
    ]);
    renderPage(makeSession(), `/jobs/${JOB_ID}?tab=analytics`);
    const errors = await screen.findByRole('region', { name: 'Processing Errors' });
    expect(errors.textContent).toContain('0 errors');
    expect(errors.textContent).toContain('No processing errors');
    const skipped = screen.getByRole('region', { name: 'Skipped files' });
    expect(skipped.textContent).toContain('2 skipped');
    expect(skipped.textContent).toContain('poetry.lock');
    expect(skipped.querySelector('.badge-danger')).toBeNull();
  });

  it('lists file notes with their reasons, so no requested step is skipped silently', async () => {
    serve([
      makeJob({
        status: 'succeeded',
        finished_at: new Date().toISOString(),
        statistics: {
          files: 2,
          skipped_files: 0,
          lines: 2,
          tokens: 20,
          chunks: 1,
          output_tokens: 80,
          output_files: 2,
          processing_ms: 40,
          file_notes: [{ path: 'legacy/b.ada', note: 'comments kept: no parser for ada files' }],
          file_notes_truncated: false,
        },
      }),
    ]);
    renderPage(makeSession(), `/jobs/${JOB_ID}?tab=analytics`);
    const notes = await screen.findByRole('region', { name: 'File notes' });
    expect(notes.textContent).toContain('1 file');
    expect(notes.textContent).toContain('legacy/b.ada');
    expect(notes.textContent).toContain('comments kept: no parser for ada files');
  });

  it('shows the target model, its count for the output and whether it fits', async () => {
    const fit = {
      id: 'claude-sonnet-4',
      name: 'Claude Sonnet 4',
      tokenizer: 'claude',
      context_window: 200_000,
      exact: false,
      tokens: 312_345,
      error_band: 0.06,
      fits: false,
    };
    serve([
      makeJob({
        status: 'succeeded',
        finished_at: new Date().toISOString(),
        target_model: 'claude-sonnet-4',
        statistics: { ...done.statistics!, model: fit },
      }),
    ]);
    renderPage();
    const card = await screen.findByRole('region', { name: 'Target model' });
    expect(card.textContent).toContain('Claude Sonnet 4');
    expect(card.textContent).toContain('estimated: its tokenizer is not public');
    expect(screen.getByTestId('model-tokens').textContent).toBe(
      '~312,000 tokens, +/-6% in the output',
    );
    expect(screen.getByTestId('model-fit').textContent).toBe(
      'Does not fit the 200,000-token window',
    );
    const configuration = screen.getByRole('region', { name: 'Job Configuration' });
    expect(configuration.textContent).toContain('Target modelclaude-sonnet-4');
  });

  it('shows an exact count that fits', async () => {
    const fit = {
      id: 'llama-3.1',
      name: 'Llama 3.1',
      tokenizer: 'llama3',
      context_window: 131_072,
      exact: true,
      tokens: 31_000,
      error_band: null,
      fits: true,
    };
    serve([
      makeJob({
        ...done,
        target_model: 'llama-3.1',
        statistics: { ...done.statistics!, model: fit },
      }),
    ]);
    renderPage();
    expect((await screen.findByTestId('model-tokens')).textContent).toBe(
      '31,000 tokens in the output',
    );
    expect(screen.getByTestId('model-fit').textContent).toBe('Fits the 131,072-token window');
    expect(screen.getByText('(llama3, exact count)')).toBeTruthy();
  });

  it('shows no model card for a job without a target model', async () => {
    serve([done]);
    renderPage();
    await screen.findByRole('region', { name: 'Job Statistics' });
    expect(screen.queryByRole('region', { name: 'Target model' })).toBeNull();
  });

  it('tells a failed job to check Analytics, and names outputs once succeeded', async () => {
    serve([makeJob({ status: 'failed', error: 'Boom', finished_at: new Date().toISOString() })]);
    renderPage(makeSession(), `/jobs/${JOB_ID}?tab=preview`);
    await screen.findByText('Preview Not Available');
    expect(screen.getByText(/Check the Analytics tab/)).toBeTruthy();
  });

  it('shows "N outputs" and the delete failure message', async () => {
    serve([done]);
    renderPage();
    const preview = await screen.findByRole('tab', { name: /Preview Files/ });
    expect(preview.textContent).toBe('Preview Files4 outputs');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Job' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(screen.getByLabelText('Confirmation'), { target: { value: 'zzzzz' } });
    fireEvent.click(
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Delete Job')!,
    );
    await screen.findByText('Failed to delete job. Please try again.');
  });
});
