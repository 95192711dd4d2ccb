import { useEffect } from 'react';
import { useTour } from '../components/tour/tour-context.js';
import { WELCOME_MODAL_DELAY_MS } from '../lib/site-config.js';
import { useSession } from '../session/session-context.js';

/** Opens the first-time welcome tour after 2 s for a user who has not seen it. */
export function useFirstTimeTour(): void {
  const { user } = useSession();
  const { openTour } = useTour();
  const due = Boolean(user && !user.welcome_modal_seen);
  useEffect(() => {
    if (!due) return;
    const timer = window.setTimeout(() => openTour(true), WELCOME_MODAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [due, openTour]);
}
