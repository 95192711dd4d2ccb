import type { JobCreatedResponse, JobCreationFields } from '@repobundle/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCreateArchiveJob, useCreateRepositoryJob } from '../../api/upload-mutations.js';
import { submitUpload, type SubmitStep } from './submit/submit-upload.js';
import { isCancelled } from '../../api/upload-errors.js';
import { sessionUploadPerformance } from './submit/upload-performance.js';
import { overallPercent, RemainingTimeEstimator } from './submit/upload-progress.js';
import type { RepositorySource } from './rules/repository-url.js';

/** Progress updates reach the screen at most every 100 ms. */
export const PROGRESS_THROTTLE_MS = 100;

export interface SubmissionState {
  step: SubmitStep | 'idle';
  percent: number;
  /** Seconds left, 0 when unknown. */
  remaining: number;
  error: string | null;
  fileName: string | null;
}

const IDLE: SubmissionState = {
  step: 'idle',
  percent: 0,
  remaining: 0,
  error: null,
  fileName: null,
};

/** Runs one submission: throttled progress, Cancel, the error to show, the job on success. */
export function useSubmission(onCreated: (job: JobCreatedResponse) => void) {
  const [state, setState] = useState<SubmissionState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const pending = useRef<SubmissionState | null>(null);
  const lastEmit = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const { mutateAsync: createArchiveJob } = useCreateArchiveJob();
  const { mutateAsync: createRepositoryJob } = useCreateRepositoryJob();

  const emit = useCallback((next: SubmissionState, force = false) => {
    pending.current = next;
    const wait = PROGRESS_THROTTLE_MS - (performance.now() - lastEmit.current);
    if (force || wait <= 0) {
      window.clearTimeout(timer.current);
      timer.current = undefined;
      lastEmit.current = performance.now();
      setState(next);
      pending.current = null;
    } else if (timer.current === undefined) {
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        lastEmit.current = performance.now();
        if (pending.current) setState(pending.current);
        pending.current = null;
      }, wait);
    }
  }, []);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  /** Runs one job creation: the one in flight, its cancel, and the error shown when it fails. */
  const execute = useCallback(
    async (fileName: string, create: (signal: AbortSignal) => Promise<JobCreatedResponse>) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      emit({ ...IDLE, step: 'preparing', percent: 15, fileName }, true);
      try {
        const job = await create(abort.signal);
        controller.current = null;
        onCreated(job);
      } catch (error) {
        controller.current = null;
        window.clearTimeout(timer.current);
        timer.current = undefined;
        if (isCancelled(error, abort.signal)) {
          setState(IDLE);
          return;
        }
        const message =
          error instanceof Error && error.message
            ? error.message
            : 'Upload failed. Please try again.';
        setState({ ...IDLE, error: message });
      }
    },
    [emit, onCreated],
  );

  /** A ZIP: uploaded in chunks (or streamed), then assembled into a job. */
  const start = useCallback(
    (file: File, fields: JobCreationFields) =>
      execute(file.name, (signal) => {
        const estimator = new RemainingTimeEstimator();
        let shown: SubmissionState = {
          ...IDLE,
          step: 'preparing',
          percent: 15,
          fileName: file.name,
        };
        return createArchiveJob((transport) =>
          submitUpload({
            file,
            fields,
            transport,
            performance: sessionUploadPerformance,
            signal,
            onStep: (step, uploadPercent, sent) => {
              const moving = step === 'uploading' || (step === 'processing' && uploadPercent < 100);
              shown = {
                ...shown,
                step,
                percent: Math.max(shown.percent, overallPercent(step, uploadPercent)),
                remaining: moving ? estimator.sample(sent, file.size) : 0,
              };
              emit(shown, step === 'redirecting');
            },
          }),
        );
      }),
    [emit, execute, createArchiveJob],
  );

  /** A repository: nothing to upload, the server fetches it again and creates the job. */
  const startRepository = useCallback(
    (source: RepositorySource, fileName: string, fields: JobCreationFields) =>
      execute(fileName, async (signal) => {
        emit({ ...IDLE, step: 'processing', percent: 45, fileName }, true);
        const job = await createRepositoryJob({
          githubUrl: source.githubUrl,
          branch: source.branch,
          fields,
          signal,
        });
        emit({ ...IDLE, step: 'redirecting', percent: 100, fileName }, true);
        return job;
      }),
    [emit, execute, createRepositoryJob],
  );

  /** Cancel: back to idle with no progress, loading or start time left. */
  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    window.clearTimeout(timer.current);
    timer.current = undefined;
    setState(IDLE);
  }, []);

  const fail = useCallback((message: string) => setState({ ...IDLE, error: message }), []);
  return { state, start, startRepository, cancel, fail, running: state.step !== 'idle' };
}
