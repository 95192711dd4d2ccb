import { useEffect, useRef } from 'react';
import { isSettled } from '../../api/job-queries.js';
import type { JobStatus } from '@repobundle/contract';
import { useSession } from '../../session/session-context.js';

/**
 * The user is re-read once when a pending job is first loaded (its
 * credits are now reserved) and once when a job seen running completes (credits settled).
 */
export function useJobUserRefresh(status: JobStatus | undefined): void {
  const { refreshUser } = useSession();
  const first = useRef<JobStatus | null>(null);
  const completed = useRef(false);
  useEffect(() => {
    if (!status) return;
    if (first.current === null) {
      first.current = status;
      if (status === 'pending') void refreshUser(true);
      return;
    }
    if (!completed.current && !isSettled(first.current) && isSettled(status)) {
      completed.current = true;
      void refreshUser(true);
    }
  }, [status, refreshUser]);
}
