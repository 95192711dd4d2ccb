import { useSearchParams } from 'react-router';
import { Tabs } from '../../components/ui/tabs.js';
import { AccountTab } from './account-tab.js';
import { ApiKeysTab } from './api-keys-tab.js';
import { BillingTab } from './billing-tab.js';
import { IntegrationsTab } from './integrations-tab.js';
import { JobManagementTab } from './job-management-tab.js';
import { NotificationsTab } from './notifications-tab.js';
import { SecurityTab } from './security-tab.js';
import styles from './settings-page.module.css';

const TABS = [
  { id: 'security', label: 'Security' },
  { id: 'job-management', label: 'Job Management' },
  { id: 'billing', label: 'Billing' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'integrations', label: 'Integrations' },
  { id: 'api-keys', label: 'API keys' },
  { id: 'account', label: 'Account' },
] as const;
type SettingsTab = (typeof TABS)[number]['id'];

function isTab(value: string | null): value is SettingsTab {
  return TABS.some((tab) => tab.id === value);
}

export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: SettingsTab = isTab(requested) ? requested : 'security';
  return (
    <div className="container page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Settings</h1>
          <p className="page-subtitle">Manage your account, security, jobs and billing.</p>
        </div>
      </div>
      <Tabs<SettingsTab>
        label="Settings"
        tabs={TABS}
        value={tab}
        onChange={(next) => setParams({ tab: next }, { replace: true })}
      />
      <div
        role="tabpanel"
        aria-label={TABS.find((t) => t.id === tab)!.label}
        className={`section-block ${styles.panel}`}
      >
        {tab === 'security' && <SecurityTab />}
        {tab === 'job-management' && <JobManagementTab />}
        {tab === 'billing' && <BillingTab />}
        {tab === 'notifications' && <NotificationsTab />}
        {tab === 'integrations' && <IntegrationsTab />}
        {tab === 'api-keys' && <ApiKeysTab />}
        {tab === 'account' && <AccountTab />}
      </div>
    </div>
  );
}
