import { useState, type FormEvent } from 'react';
import { messageOf } from '../../api/api-error.js';
import { useCreateApiKey } from '../../api/mutations.js';
import type { ApiKeyScope, CreatedApiKeyResponse } from '@repobundle/contract';
import { Button } from '../../components/ui/button.js';
import { Alert } from '../../components/ui/feedback.js';
import { TextField } from '../../components/ui/field.js';
import { Select } from '../../components/ui/select.js';
import formStyles from './settings-form.module.css';

type Expiry = 'never' | '7' | '30' | '90' | '365';

const SCOPE_OPTIONS: { value: ApiKeyScope; label: string }[] = [
  { value: 'read', label: 'Read: jobs, outputs and profile' },
  { value: 'jobs', label: 'Jobs: read, and create or delete jobs' },
];

const EXPIRY_OPTIONS: { value: Expiry; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In 1 year' },
];

export function CreateApiKeyForm({ onCreated }: { onCreated(key: CreatedApiKeyResponse): void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [nameMissing, setNameMissing] = useState(false);
  const creation = useCreateApiKey();
  const busy = creation.isPending;
  const error = nameMissing
    ? 'Give the key a name, such as the script or machine that uses it.'
    : creation.error
      ? messageOf(creation.error, 'The key could not be created. Please try again.')
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameMissing(true);
      creation.reset();
      return;
    }
    setNameMissing(false);
    creation.mutate(
      {
        name: name.trim(),
        scope,
        ...(expiry === 'never' ? {} : { expires_in_days: Number(expiry) }),
      },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created);
        },
      },
    );
  };

  return (
    <form className={`stack ${formStyles.form}`} onSubmit={submit} noValidate>
      {error && <Alert tone="danger">{error}</Alert>}
      <TextField
        label="Key name"
        value={name}
        maxLength={100}
        placeholder="CI pipeline"
        onChange={(event) => setName(event.target.value)}
      />
      <Select<ApiKeyScope>
        label="Scope"
        value={scope}
        onChange={setScope}
        options={SCOPE_OPTIONS}
      />
      <Select<Expiry>
        label="Expires"
        value={expiry}
        onChange={setExpiry}
        options={EXPIRY_OPTIONS}
      />
      <div>
        <Button type="submit" loading={busy}>
          Create key
        </Button>
      </div>
    </form>
  );
}
