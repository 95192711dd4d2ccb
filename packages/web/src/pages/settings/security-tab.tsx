import { Alert } from '../../components/ui/feedback.js';
import { useSession } from '../../session/session-context.js';
import { ChangeEmailForm } from './change-email-form.js';
import { ChangePasswordForm } from './change-password-form.js';
import { SettingsSection } from './settings-section.js';
import sectionStyles from './settings-section.module.css';

export function SecurityTab() {
  const { user } = useSession();
  if (user?.is_oauth_only) {
    return (
      <SettingsSection title="Sign-in and security">
        <Alert tone="info">
          You sign in with your Google account. Your email address and password are managed through
          your Google account.
        </Alert>
      </SettingsSection>
    );
  }
  return (
    <div className={`stack ${sectionStyles.sections}`}>
      <SettingsSection
        title="Change password"
        description="Use at least 8 characters with upper and lower case, a number and a special character."
      >
        <ChangePasswordForm />
      </SettingsSection>
      <SettingsSection
        title="Change email"
        description={
          <>
            Currently <strong>{user?.email}</strong>. We'll send a 6-character code to the new
            address.
          </>
        }
      >
        <ChangeEmailForm />
      </SettingsSection>
    </div>
  );
}
