import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError, messageOf } from '../../api/api-error.js';
import { setPendingEmail } from '../../api/token-store.js';
import { Button } from '../../components/ui/button.js';
import { PasswordField, TextField } from '../../components/ui/field.js';
import { Alert } from '../../components/ui/feedback.js';
import { isWaitlistRequired } from '../../lib/registration-error.js';
import { WAITLIST_FLAG_KEY } from '../../lib/site-config.js';
import { useSession } from '../../session/session-context.js';
import { afterSignInPath } from './after-sign-in.js';
import styles from './sign-in-form.module.css';

export function SignInForm({ email, setEmail }: { email: string; setEmail(value: string): void }) {
  const { login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email || !password || loading) return;
    setLoading(true);
    setError(null);
    setUnverified(false);
    try {
      await login(email, password);
      void navigate(afterSignInPath(location.state), { replace: true });
    } catch (caught) {
      if (isWaitlistRequired(caught)) {
        localStorage.setItem(WAITLIST_FLAG_KEY, 'true');
        void navigate('/waitlist');
        return;
      }
      if (isApiError(caught) && caught.code === 'EMAIL_NOT_VERIFIED') {
        setPendingEmail(email);
        setUnverified(true);
      }
      setError(messageOf(caught, 'Sign in failed'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      {error && (
        <Alert tone="danger">
          {error}
          {unverified && (
            <>
              {' '}
              <Link to={`/verify?email=${encodeURIComponent(email)}`}>Verify your email</Link>
            </>
          )}
        </Alert>
      )}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        placeholder="you@company.com"
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className={`row ${styles.forgotRow}`}>
        <Link to="/forgot-password" className={styles.forgotLink}>
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" size="lg" block loading={loading} disabled={!email || !password}>
        {loading ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
