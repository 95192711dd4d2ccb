import { useEffect, useState } from 'react';
import { useSaveSettings } from '../../api/account-mutations.js';
import type { AutoDeleteAfter, CreditType } from '@repobundle/contract';
import { AUTO_DELETE_CHOICES } from '../../api/types.js';
import { Button } from '../../components/ui/button.js';
import { Alert } from '../../components/ui/feedback.js';
import { Select } from '../../components/ui/select.js';
import { STATUS_MESSAGE_MS } from '../../lib/site-config.js';
import { useSession } from '../../session/session-context.js';
import { SettingsSection } from './settings-section.js';
import formStyles from './settings-form.module.css';

const AUTO_DELETE_LABELS: Record<AutoDeleteAfter, string> = {
  never: 'Never',
  '1hr': 'After 1 hour',
  '6hr': 'After 6 hours',
  '12hr': 'After 12 hours',
  '1day': 'After 1 day',
  '7days': 'After 7 days',
  '14days': 'After 14 days',
  '30days': 'After 30 days',
};

export function JobManagementTab() {
  const { settings, refreshUser } = useSession();
  const [autoDelete, setAutoDelete] = useState<AutoDeleteAfter>(
    settings?.auto_delete_after ?? 'never',
  );
  const [creditType, setCreditType] = useState<CreditType>(
    settings?.default_credit_type ?? 'monthly',
  );
  const saving = useSaveSettings();
  const busy = saving.isPending;
  const [banner, setBanner] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), STATUS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const save = async () => {
    try {
      await saving.mutateAsync({
        auto_delete_after: autoDelete,
        default_credit_type: creditType,
      });
      setBanner({ tone: 'success', text: 'Settings saved successfully!' });
      void refreshUser(true);
    } catch {
      setBanner({ tone: 'danger', text: 'Failed to save settings' });
    }
  };

  return (
    <SettingsSection
      title="Job management"
      description="Choose how long job outputs are kept and which credits new jobs use first."
    >
      <div className={`stack ${formStyles.form}`}>
        {!settings && <Alert tone="danger">Failed to load settings</Alert>}
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
        <Select<AutoDeleteAfter>
          label="Auto-delete jobs"
          value={autoDelete}
          onChange={setAutoDelete}
          options={AUTO_DELETE_CHOICES.map((value) => ({
            value,
            label: AUTO_DELETE_LABELS[value],
          }))}
        />
        <Select<CreditType>
          label="Default credit type"
          value={creditType}
          onChange={setCreditType}
          options={[
            { value: 'monthly', label: 'Monthly credits' },
            { value: 'purchased', label: 'Purchased credits' },
          ]}
        />
        <div>
          <Button onClick={() => void save()} loading={busy}>
            Save Settings
          </Button>
        </div>
      </div>
    </SettingsSection>
  );
}
