import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useForgotPassword } from '../../api/account-mutations.js';
import { AuthCard } from '../../components/auth/auth-card.js';
import { Button } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/field.js';
import { Alert } from '../../components/ui/feedback.js';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const sending = useForgotPassword();
  const loading = sending.isPending;
  const [banner, setBanner] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setBanner({ tone: 'danger', text: 'Please enter your email address.' });
      return;
    }
    setBanner(null);
    try {
      const response = await sending.mutateAsync(email.trim());
      setBanner({
        tone: 'success',
        text:
          response?.message ??
          'If an account exists for this email, a reset link is on its way. It expires in 1 hour.',
      });
    } catch {
      setBanner({ tone: 'danger', text: 'Failed to send password reset email. Please try again.' });
    }
  };

  return (
    <AuthCard
      icon="lock"
      title="Forgot your password?"
      subtitle="Enter your email and we'll send you a link to reset it."
      footer={<Link to="/auth">Back to Sign In</Link>}
    >
      <form className="stack" onSubmit={onSubmit} noValidate>
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="you@company.com"
        />
        <Button type="submit" size="lg" block loading={loading}>
          {loading ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthCard>
  );
}
