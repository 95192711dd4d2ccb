import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useRegister } from '../../api/account-mutations.js';
import { setPendingEmail } from '../../api/token-store.js';
import { PasswordStrength } from '../../components/auth/password-strength.js';
import { Button } from '../../components/ui/button.js';
import { PasswordField, TextField } from '../../components/ui/field.js';
import { Alert } from '../../components/ui/feedback.js';
import { validatePassword } from '../../lib/password-rules.js';
import { isWaitlistRequired, registrationScreenMessage } from '../../lib/registration-error.js';
import { WAITLIST_FLAG_KEY } from '../../lib/site-config.js';

export function SignUpForm({ email, setEmail }: { email: string; setEmail(value: string): void }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const registering = useRegister();
  const loading = registering.isPending;
  const [error, setError] = useState<string | null>(null);
  const errors = validatePassword(password);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (errors.length > 0) {
      setError('Please fix the password requirements above.');
      return;
    }
    if (!email || !password || loading) return;
    setError(null);
    try {
      await registering.mutateAsync({ email, password });
      setPendingEmail(email);
      void navigate('/verify', { replace: true });
    } catch (caught) {
      const message = registrationScreenMessage(caught);
      setError(message);
      if (isWaitlistRequired(caught)) {
        localStorage.setItem(WAITLIST_FLAG_KEY, 'true');
        void navigate('/waitlist');
      }
    }
  };

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      {error && <Alert tone="danger">{error}</Alert>}
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
        name="new-password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordStrength password={password} />
      <Button
        type="submit"
        size="lg"
        block
        loading={loading}
        disabled={!email || !password || errors.length > 0}
      >
        {loading ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
