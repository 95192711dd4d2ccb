import { useState, type FormEvent } from 'react';
import { useChangePassword } from '../../api/account-mutations.js';
import { Button } from '../../components/ui/button.js';
import { PasswordField } from '../../components/ui/field.js';
import { Alert } from '../../components/ui/feedback.js';
import { validatePassword } from '../../lib/password-rules.js';
import { useSession } from '../../session/session-context.js';
import formStyles from './settings-form.module.css';

export function ChangePasswordForm() {
  const { acceptTokens } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const changing = useChangePassword();
  const busy = changing.isPending;
  const [banner, setBanner] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const filled = Boolean(current && next && confirm);

  const reset = () => {
    setCurrent('');
    setNext('');
    setConfirm('');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (next !== confirm) {
      setBanner({ tone: 'danger', text: 'New passwords do not match' });
      return;
    }
    const problems = validatePassword(next);
    if (problems.length > 0) {
      setBanner({ tone: 'danger', text: problems[0]! });
      return;
    }
    setBanner(null);
    try {
      const response = await changing.mutateAsync({ current, next });
      // Every other session was revoked; this one continues with the fresh pair.
      await acceptTokens(response.access_token, response.refresh_token);
      setBanner({ tone: 'success', text: response?.message ?? 'Password changed successfully.' });
      reset();
    } catch (caught) {
      const detail =
        caught instanceof Error && !caught.message.startsWith('HTTP error!')
          ? caught.message
          : null;
      setBanner({ tone: 'danger', text: detail ?? 'Failed to change password' });
    }
  };

  return (
    <form className={`stack ${formStyles.form}`} onSubmit={onSubmit} noValidate>
      {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <div className="row">
        <Button type="submit" disabled={!filled} loading={busy}>
          Change Password
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            reset();
            setBanner(null);
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
