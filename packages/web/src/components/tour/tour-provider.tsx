import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSession } from '../../session/session-context.js';
import { TourContext } from './tour-context.js';
import { WelcomeTour } from './welcome-tour.js';

export function TourProvider({ children }: { children: ReactNode }) {
  const { user, markWelcomeSeen } = useSession();
  const [state, setState] = useState({ open: false, firstTime: false });

  const openTour = useCallback((firstTime: boolean) => setState({ open: true, firstTime }), []);
  const controls = useMemo(() => ({ openTour }), [openTour]);

  const onClose = () => {
    // Closing the first-time tour for a new user records it as seen, locally and on the server.
    if (state.firstTime && user && !user.welcome_modal_seen) void markWelcomeSeen();
    setState({ open: false, firstTime: false });
  };

  return (
    <TourContext.Provider value={controls}>
      {children}
      <WelcomeTour open={state.open} firstTime={state.firstTime} onClose={onClose} />
    </TourContext.Provider>
  );
}
