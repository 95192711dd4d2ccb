import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../api/api-error.js';
import { useAppStatus } from '../../api/queries.js';
import { AuthCard } from '../../components/auth/auth-card.js';
import { GoogleButton } from '../../components/auth/google-button.js';
import { Alert } from '../../components/ui/feedback.js';
import { Tabs } from '../../components/ui/tabs.js';
import { isWaitlistRequired } from '../../lib/registration-error.js';
import { WAITLIST_FLAG_KEY } from '../../lib/site-config.js';
import { useSession } from '../../session/session-context.js';
import { SignInForm } from './sign-in-form.js';
import { afterSignInPath } from './after-sign-in.js';
import { SignUpForm } from './sign-up-form.js';

type AuthTab = 'signin' | 'signup';

export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, ready, loginWithGoogle } = useSession();
  const status = useAppStatus();
  const tab: AuthTab = params.get('tab') === 'signup' ? 'signup' : 'signin';
  const [email, setEmail] = useState('');
  const [googleError, setGoogleError] = useState<string | null>(null);
  const notice = (location.state as { message?: string } | null)?.message;

  if (ready && user) return <Navigate to={afterSignInPath(location.state)} replace />;

  const onGoogle = async (credential: string) => {
    setGoogleError(null);
    try {
      await loginWithGoogle(credential);
      void navigate(afterSignInPath(location.state), { replace: true });
    } catch (caught) {
      if (isWaitlistRequired(caught)) {
        localStorage.setItem(WAITLIST_FLAG_KEY, 'true');
        void navigate('/waitlist');
        return;
      }
      setGoogleError(messageOf(caught, 'Google sign-in failed'));
    }
  };

  const googleClientId = status.data?.google_client_id;

  return (
    <AuthCard
      icon="user"
      title={tab === 'signin' ? 'Welcome back' : 'Create your account'}
      subtitle={
        tab === 'signin'
          ? 'Sign in to continue to RepoBundle.'
          : 'Start free with 100 credits every month.'
      }
      footer={
        <>
          By continuing you agree to our <Link to="/terms">Terms of Service</Link> and{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </>
      }
    >
      <div className="stack">
        {notice && <Alert tone="warning">{notice}</Alert>}
        <Tabs<AuthTab>
          label="Account"
          value={tab}
          tabs={[
            { id: 'signin', label: 'Sign in' },
            { id: 'signup', label: 'Create account' },
          ]}
          onChange={(next) => {
            setGoogleError(null);
            setParams(next === 'signup' ? { tab: 'signup' } : {}, { replace: true });
          }}
        />
        <div role="tabpanel" aria-label={tab === 'signin' ? 'Sign in' : 'Create account'}>
          {tab === 'signin' ? (
            <SignInForm key="signin" email={email} setEmail={setEmail} />
          ) : (
            <SignUpForm key="signup" email={email} setEmail={setEmail} />
          )}
        </div>
        {googleClientId && (
          <GoogleButton clientId={googleClientId} onCredential={(c) => void onGoogle(c)} />
        )}
        {googleError && <Alert tone="danger">{googleError}</Alert>}
      </div>
    </AuthCard>
  );
}
