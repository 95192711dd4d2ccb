import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown that `restart` sets back to `seconds`; ticks once a second. */
export function useCountdown(seconds: number) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1_000);
    return () => window.clearTimeout(timer);
  }, [left]);
  const restart = useCallback(() => setLeft(seconds), [seconds]);
  return { left, restart };
}
