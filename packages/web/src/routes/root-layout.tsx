import { Outlet, ScrollRestoration } from 'react-router';
import { useAppStatus } from '../api/queries.js';
import { Footer } from '../components/layout/footer.js';
import { NavBar } from '../components/layout/nav-bar.js';
import { TourProvider } from '../components/tour/tour-provider.js';
import { Spinner } from '../components/ui/feedback.js';
import { ToastProvider } from '../components/ui/toast.js';
import { MaintenancePage } from '../pages/maintenance/maintenance-page.js';
import { SessionProvider } from '../session/session-provider.js';
import { usePageTitle } from './page-title.js';
import styles from './root-layout.module.css';

/**
 * The app shell. The maintenance status is checked first; a failed check counts as maintenance
 * on, and the maintenance screen then replaces every route.
 */
export function RootLayout() {
  usePageTitle();
  const status = useAppStatus();
  if (status.isPending) {
    return (
      <div className={`center-screen ${styles.loading}`} role="status">
        <Spinner />
        <p className="muted">Loading...</p>
      </div>
    );
  }
  if (status.isError || status.data.maintenance_mode) return <MaintenancePage />;

  return (
    <ToastProvider>
      <SessionProvider>
        <TourProvider>
          <div className="app">
            <a href="#main" className="skip-link">
              Skip to content
            </a>
            <NavBar />
            <main id="main" className="app-main" tabIndex={-1}>
              <Outlet />
            </main>
            <Footer />
          </div>
          <ScrollRestoration />
        </TourProvider>
      </SessionProvider>
    </ToastProvider>
  );
}

export function PageFallback() {
  return (
    <div className="center-screen" role="status">
      <Spinner />
      <p className="muted">Loading...</p>
    </div>
  );
}
