export const USER_REFRESH_COOLDOWN_MS = 5_000;

/**
 * Wraps a refresh so that a call is skipped while one is in flight or within `cooldownMs` of the
 * last one started (the spec's user refresh rule). `force` bypasses the cooldown, not the flight.
 */
export function throttleRefresh(
  refresh: () => Promise<void>,
  cooldownMs = USER_REFRESH_COOLDOWN_MS,
  now: () => number = Date.now,
): (force?: boolean) => Promise<void> {
  let inFlight: Promise<void> | null = null;
  let lastStarted = Number.NEGATIVE_INFINITY;
  return (force = false) => {
    if (inFlight) return inFlight;
    if (!force && now() - lastStarted < cooldownMs) return Promise.resolve();
    lastStarted = now();
    inFlight = refresh().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
