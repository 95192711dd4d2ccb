import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/feedback.js';
import { useSession } from '../session/session-context.js';

/** Route guard: spinner until ready, then /auth or the page. */
export function RequireAuth() {
  const { ready, user, signedOutTo } = useSession();
  const location = useLocation();
  if (!ready) {
    return (
      <div className="center-screen" role="status">
        <Spinner />
        <p className="muted">Loading...</p>
      </div>
    );
  }
  // After an explicit sign-out the page being left goes where the sign-out said, not to /auth.
  if (!user && signedOutTo) return <Navigate to={signedOutTo} replace />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location }} />;
  return <Outlet />;
}
