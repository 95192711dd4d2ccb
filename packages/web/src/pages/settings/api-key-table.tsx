import { useState } from 'react';
import { messageOf } from '../../api/api-error.js';
import { useRevokeApiKey } from '../../api/mutations.js';
import type { ApiKey } from '@repobundle/contract';
import { Button } from '../../components/ui/button.js';
import { Dialog } from '../../components/ui/dialog.js';
import { Alert, Badge, EmptyState } from '../../components/ui/feedback.js';
import { DataTable } from '../../components/ui/table.js';
import { formatDate, formatShortDateTime } from '../../lib/format.js';
import styles from './api-key-table.module.css';

function isExpired(key: ApiKey): boolean {
  return key.expires_at !== null && Date.parse(key.expires_at) <= Date.now();
}

/** The user's keys; revoking asks first, since programs using the key stop at once. */
export function ApiKeyTable({ keys }: { keys: ApiKey[] }) {
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revocation = useRevokeApiKey();
  const busy = revocation.isPending;
  const error = revocation.error
    ? messageOf(revocation.error, 'The key could not be revoked. Please try again.')
    : null;

  const revoke = () => {
    if (!revoking) return;
    revocation.mutate(revoking.id, { onSuccess: () => setRevoking(null) });
  };

  if (keys.length === 0) {
    return (
      <EmptyState icon="lock" title="No API keys yet">
        Keys you create are listed here.
      </EmptyState>
    );
  }
  return (
    <>
      <DataTable caption="Your API keys" stacked className={styles.keys}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Scope</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <td className={styles.name}>{key.name}</td>
              <td data-label="Key">
                <code>{key.prefix}…</code>
              </td>
              <td data-label="Scope">
                <Badge tone={key.scope === 'jobs' ? 'info' : 'neutral'}>{key.scope}</Badge>
              </td>
              <td data-label="Created">{formatDate(key.created_at)}</td>
              <td data-label="Last used">
                {key.last_used_at ? formatShortDateTime(key.last_used_at) : 'Never'}
              </td>
              <td data-label="Expires">
                {key.expires_at === null ? (
                  'Never'
                ) : isExpired(key) ? (
                  <Badge tone="danger">Expired</Badge>
                ) : (
                  formatDate(key.expires_at)
                )}
              </td>
              <td className={styles.actions}>
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={`Revoke ${key.name}`}
                  onClick={() => setRevoking(key)}
                >
                  Revoke
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Dialog
        open={revoking !== null}
        title="Revoke API key"
        onClose={() => setRevoking(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRevoking(null)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" loading={busy} onClick={revoke}>
              Revoke key
            </Button>
          </>
        }
      >
        {error && <Alert tone="danger">{error}</Alert>}
        <p>
          Revoke <strong>{revoking?.name}</strong>? Programs using it stop working at once. This
          cannot be undone.
        </p>
      </Dialog>
    </>
  );
}
