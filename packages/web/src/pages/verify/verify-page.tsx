import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useResendVerification, useVerifyEmail } from '../../api/account-mutations.js';
import { clearPendingEmail, getPendingEmail } from '../../api/token-store.js';
import { AuthCard } from '../../components/auth/auth-card.js';
import { Button } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/field.js';
import { Alert } from '../../components/ui/feedback.js';
import { useCountdown } from '../../hooks/use-countdown.js';
import { isDemoHandoffPending } from '../../lib/demo-handoff-pending.js';
import { RESEND_COUNTDOWN_S } from '../../lib/site-config.js';
import { useSession } from '../../session/session-context.js';
import { LinkButton } from '../../components/ui/link-button.js';
import styles from './verify-page.module.css';

type Banner = { tone: 'success' | 'danger'; text: string } | null;

export function VerifyPage() {
  const [params] = useSearchParams();
  // Read once: a successful verification clears the stored pending e-mail.
  const [email] = useState(() => params.get('email') ?? getPendingEmail());
  const navigate = useNavigate();
  const { acceptTokens } = useSession();
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  const [done, setDone] = useState(false);
  const { mutateAsync: verify } = useVerifyEmail();
  const resend = useResendVerification();
  const { left, restart } = useCountdown(RESEND_COUNTDOWN_S);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);
  const later = (ms: number, run: () => void) => timers.current.push(window.setTimeout(run, ms));

  if (!email) return <Navigate to="/auth" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setBanner({ tone: 'danger', text: 'Please enter the verification code.' });
      return;
    }
    setLoading(true);
    setBanner(null);
    let result;
    try {
      result = await verify({ email, code: code.trim() });
    } catch (caught) {
      setBanner({
        tone: 'danger',
        text:
          caught instanceof Error && caught.message
            ? caught.message
            : 'Verification failed. Please try again.',
      });
      setLoading(false);
      return;
    }
    clearPendingEmail();
    setDone(true);
    if ('password_reset_token' in result) {
      // The address had more than one sign-up: the code proved the mailbox, and the person now
      // chooses the password (no password chosen at a sign-up is in force).
      const next = new URLSearchParams({ email, token: result.password_reset_token });
      setBanner({ tone: 'success', text: `${result.message} Taking you there...` });
      later(2_000, () => void navigate(`/reset-password?${next.toString()}`, { replace: true }));
    } else if (result.access_token && result.refresh_token) {
      try {
        await acceptTokens(result.access_token, result.refresh_token);
        // A visitor who came from the demo goes on with the archive they chose there.
        const fromDemo = isDemoHandoffPending();
        setBanner({
          tone: 'success',
          text: fromDemo
            ? 'Email verified! Taking you to your selection...'
            : 'Email verified! Taking you to your dashboard...',
        });
        later(2_000, () => void navigate(fromDemo ? '/upload' : '/dashboard', { replace: true }));
      } catch {
        setBanner({
          tone: 'danger',
          text: 'Verification successful but login failed. Please try logging in manually',
        });
        later(3_000, () => void navigate('/auth', { replace: true }));
      }
    } else {
      setBanner({
        tone: 'success',
        text: result.message ?? 'Email verified! You can now sign in.',
      });
      later(2_000, () => void navigate('/auth', { replace: true }));
    }
    setLoading(false);
  };

  const onResend = async () => {
    setBanner(null);
    try {
      const response = await resend.mutateAsync(email);
      setBanner({ tone: 'success', text: response?.message ?? 'A new code is on its way.' });
      restart();
    } catch {
      setBanner({ tone: 'danger', text: 'Failed to resend code. Please try again.' });
    }
  };
  const resending = resend.isPending;

  return (
    <AuthCard
      icon="mail"
      title="Verify your email"
      subtitle={
        <>
          We sent a 6-character code to <strong>{email}</strong>. It expires in 10 minutes.
        </>
      }
      footer={<Link to="/auth">Back to Sign In</Link>}
    >
      <form className="stack" onSubmit={onSubmit} noValidate>
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
        <TextField
          label="Verification code"
          variant="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.slice(0, 6))}
          placeholder="000000"
          disabled={done}
        />
        <Button type="submit" size="lg" block loading={loading} disabled={done}>
          {loading ? 'Verifying...' : 'Verify Email'}
        </Button>
        <p className={`muted ${styles.resendNote}`}>
          Didn't get the code?{' '}
          {left > 0 ? (
            <span>Resend code in {left}s</span>
          ) : (
            <LinkButton onClick={() => void onResend()} disabled={resending || done}>
              {resending ? 'Sending...' : 'Resend code'}
            </LinkButton>
          )}
        </p>
      </form>
    </AuthCard>
  );
}
