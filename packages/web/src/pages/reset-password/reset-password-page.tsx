import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../../api/account-mutations.js';
import { AuthCard } from '../../components/auth/auth-card.js';
import { Button, buttonClass } from '../../components/ui/button.js';
import { PasswordField } from '../../components/ui/field.js';
import { Alert } from '../../components/ui/feedback.js';
import { Icon } from '../../components/ui/icons.js';
import { ResetStrengthMeter } from './reset-strength-meter.js';
import styles from './reset-password-page.module.css';

const REQUIREMENTS = [
  'At least 8 characters',
  'Upper and lower case letters',
  'At least one number',
  'At least one special character',
  'No common patterns or repeats',
];

/** The first problem with the form, or null when it may be sent. */
export function resetFormError(hasLink: boolean, password: string, confirm: string): string | null {
  if (!hasLink) return 'Invalid password reset link. Please request a new one.';
  if (!password) return 'Please enter a new password.';
  if (password !== confirm) return 'Passwords do not match.';
  if (password.length < 8) return 'Password must be at least 8 characters long.';
  return null;
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const email = params.get('email');
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const resetting = useResetPassword();
  const sending = resetting.isPending;
  const [banner, setBanner] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  if (!email || !token) {
    return (
      <AuthCard
        icon="alert"
        title="Invalid Reset Link"
        subtitle="The password reset link is invalid or has expired. Please request a new one."
      >
        <Link
          to="/forgot-password"
          className={buttonClass({ variant: 'primary', size: 'lg', block: true })}
        >
          Request New Reset Link
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = resetFormError(true, password, confirm);
    if (problem) {
      setBanner({ tone: 'danger', text: problem });
      return;
    }
    setBanner(null);
    try {
      const response = await resetting.mutateAsync({ email, token, password });
      setBanner({
        tone: 'success',
        text: response?.message ?? 'Your password has been reset. You can now sign in.',
      });
      setPassword('');
      setConfirm('');
    } catch (caught) {
      const detail =
        caught instanceof Error && !caught.message.startsWith('HTTP error!')
          ? caught.message
          : null;
      setBanner({ tone: 'danger', text: detail ?? 'Failed to reset password. Please try again.' });
    }
  };

  const mismatch = confirm.length > 0 && password !== confirm;
  return (
    <div>
      <div className={`${styles.back} container`}>
        <Link to="/auth" className={`row ${styles.backLink}`}>
          <Icon name="arrowLeft" size={16} />
          Back to Sign In
        </Link>
      </div>
      <AuthCard
        icon="lock"
        title="Reset Your Password"
        subtitle={
          <>
            Choose a new password for <strong>{email}</strong>.
          </>
        }
      >
        <form className="stack" onSubmit={onSubmit} noValidate>
          {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <ResetStrengthMeter password={password} />
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
          {confirm.length > 0 && (
            <p
              className={`${styles.match} ${mismatch ? 'text-danger' : 'text-success'}`}
              aria-live="polite"
            >
              <Icon name={mismatch ? 'x' : 'check'} size={15} />
              {mismatch ? 'Passwords do not match' : 'Passwords match'}
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            block
            loading={sending}
            disabled={sending || !password || !confirm || mismatch}
          >
            {sending ? 'Resetting Password...' : 'Reset Password'}
          </Button>
          <div className={styles.requirementsBox}>
            <h2>Password Requirements</h2>
            <ul>
              {REQUIREMENTS.map((item) => (
                <li key={item}>
                  <Icon name="check" size={14} />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </form>
      </AuthCard>
    </div>
  );
}
