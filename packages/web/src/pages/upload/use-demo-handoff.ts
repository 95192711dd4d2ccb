import { useCallback, useEffect, useState } from 'react';
import { isDemoHandoffPending } from '../../lib/demo-handoff-pending.js';
import { clearDemoHandoff, loadDemoHandoff, type DemoHandoff } from './demo-handoff.js';

export const DEMO_HANDOFF_LOST =
  'The archive you chose on the demo page is no longer in this browser (its site data was ' +
  'cleared or it was too old). Choose it again to continue.';

function forget(): void {
  void clearDemoHandoff().catch((error: unknown) =>
    console.error('Could not clear the demo selection', error),
  );
}

/**
 * On the upload page: the archive, selection and options a visitor chose on /demo before signing
 * up, loaded into the page once. `lost` when the browser no longer has them.
 */
export function useDemoHandoff(load: (file: File) => Promise<void>) {
  const [handoff, setHandoff] = useState<DemoHandoff | null>(null);
  const [lost, setLost] = useState(false);

  useEffect(() => {
    if (!isDemoHandoffPending()) return;
    let live = true;
    void loadDemoHandoff().then((stored) => {
      if (!live) return;
      if (!stored) {
        setLost(true);
        forget();
        return;
      }
      setHandoff(stored);
      void load(stored.file);
    });
    return () => {
      live = false;
    };
    // Once per visit of the page: `load` changes with the plan's limit, the handoff does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately once per visit
  }, []);

  /** The selection was used (a job was created) or put aside: the browser no longer keeps it. */
  const finish = useCallback(() => {
    setHandoff(null);
    setLost(false);
    return clearDemoHandoff().catch((error: unknown) =>
      console.error('Could not clear the demo selection', error),
    );
  }, []);

  return { handoff, lost, finish };
}
