import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useRequestEmailChange, useVerifyEmailChange } from '../../api/account-mutations.js';
import { Button } from '../../components/ui/button.js';
import { PasswordField, TextField } from '../../components/ui/field.js';
import { Alert } from '../../components/ui/feedback.js';
import { useSession } from '../../session/session-context.js';
import formStyles from './settings-form.module.css';

function detailOr(caught: unknown, fallback: string): string {
  return caught instanceof Error && !caught.message.startsWith('HTTP error!')
    ? caught.message
    : fallback;
}

/** Current password and new e-mail, then the 6-character code; success signs out after 3 s. */
export function ChangeEmailForm() {
  const navigate = useNavigate();
  const { logout } = useSession();
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'form' | 'code' | 'done'>('form');
  const requesting = useRequestEmailChange();
  const verifying = useVerifyEmailChange();
  const busy = requesting.isPending || verifying.isPending;
  const [banner, setBanner] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  useEffect(() => {
    if (step !== 'done') return;
    const timer = window.setTimeout(() => {
      logout('/auth');
      void navigate('/auth', { replace: true });
    }, 3_000);
    return () => window.clearTimeout(timer);
  }, [step, logout, navigate]);

  const request = async (event: FormEvent) => {
    event.preventDefault();
    setBanner(null);
    try {
      const response = await requesting.mutateAsync({ password, email: email.trim() });
      setBanner({
        tone: 'success',
        text: response?.message ?? `We sent a verification code to ${email.trim()}.`,
      });
      setStep('code');
    } catch (caught) {
      setBanner({ tone: 'danger', text: detailOr(caught, 'Failed to request email change') });
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    setBanner(null);
    try {
      const response = await verifying.mutateAsync({ email: email.trim(), code: code.trim() });
      setBanner({
        tone: 'success',
        text: `${response?.message ?? 'Email changed.'} Please sign in again with your new email.`,
      });
      setStep('done');
    } catch (caught) {
      setBanner({ tone: 'danger', text: detailOr(caught, 'Failed to verify email change') });
    }
  };

  if (step === 'form') {
    return (
      <form className={`stack ${formStyles.form}`} onSubmit={request} noValidate>
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div>
          <Button type="submit" disabled={!password || !email.trim()} loading={busy}>
            Send Verification Code
          </Button>
        </div>
      </form>
    );
  }
  return (
    <form className={`stack ${formStyles.form}`} onSubmit={verify} noValidate>
      {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
      <TextField
        label="Verification code"
        variant="code"
        maxLength={6}
        value={code}
        disabled={step === 'done'}
        onChange={(e) => setCode(e.target.value.slice(0, 6))}
        placeholder="000000"
      />
      <div className="row">
        <Button type="submit" disabled={!code.trim() || step === 'done'} loading={busy}>
          Verify New Email
        </Button>
        {step === 'code' && (
          <Button variant="ghost" onClick={() => setStep('form')}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
