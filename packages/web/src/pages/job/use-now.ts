import { useEffect, useState } from 'react';

/** The elapsed timer ticks every second while the job runs. */
export const ELAPSED_TICK_MS = 1_000;

/** The current time, re-read every second while `active`. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), ELAPSED_TICK_MS);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}
