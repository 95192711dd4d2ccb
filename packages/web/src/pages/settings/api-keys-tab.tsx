import { useState } from 'react';
import { useApiKeys } from '../../api/queries.js';
import type { CreatedApiKeyResponse } from '@repobundle/contract';
import { Alert, Spinner } from '../../components/ui/feedback.js';
import { ApiKeyTable } from './api-key-table.js';
import { CreateApiKeyForm } from './create-api-key-form.js';
import { NewApiKeyDialog } from './new-api-key-dialog.js';
import { SettingsSection } from './settings-section.js';
import sectionStyles from './settings-section.module.css';

/** Personal API keys: create one (its secret shown once), see when each was used, revoke. */
export function ApiKeysTab() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null);

  return (
    <div className={`stack ${sectionStyles.sections}`}>
      <SettingsSection
        title="API keys"
        description={
          <>
            Let scripts and tools use RepoBundle as you: send{' '}
            <code>Authorization: Bearer rbk_...</code> to the API. A key never reaches your account,
            keys or payments. See the <a href="/docs/api">API reference</a>.
          </>
        }
      >
        <CreateApiKeyForm onCreated={setCreated} />
      </SettingsSection>
      <SettingsSection title="Your keys">
        {keys.isPending && <Spinner label="Loading keys" />}
        {keys.isError && <Alert tone="danger">Failed to load your API keys.</Alert>}
        {keys.data && <ApiKeyTable keys={keys.data.keys} />}
      </SettingsSection>
      <NewApiKeyDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
