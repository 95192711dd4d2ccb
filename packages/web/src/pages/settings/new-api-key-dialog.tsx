import { useEffect, useState } from 'react';
import type { CreatedApiKeyResponse } from '@repobundle/contract';
import { Button } from '../../components/ui/button.js';
import { Dialog } from '../../components/ui/dialog.js';
import { Alert } from '../../components/ui/feedback.js';
import { COPIED_MS, copyText } from '../job/file-actions.js';
import { Input } from '../../components/ui/input.js';
import styles from './new-api-key-dialog.module.css';

/**
 * The one time a key's secret is shown. Closing the dialog drops it from the page: the server
 * keeps only a hash, so a lost key is revoked and replaced, never shown again.
 */
export function NewApiKeyDialog({
  created,
  onClose,
}: {
  created: CreatedApiKeyResponse | null;
  onClose(): void;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => setState('idle'), [created]);
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    if (!created) return;
    try {
      await copyText(created.key);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <Dialog
      open={created !== null}
      title="Copy your new API key"
      onClose={onClose}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {created && (
        <div className="stack">
          <Alert tone="warning">
            This is the only time the key is shown. Copy it now and keep it somewhere safe.
          </Alert>
          <p>
            <strong>{created.name}</strong> · {created.scope} scope
          </p>
          <div className={`row ${styles.keyRow}`}>
            <Input
              readOnly
              aria-label="New API key"
              value={created.key}
              onFocus={(event) => event.currentTarget.select()}
              className={styles.keyInput}
            />
            <Button variant="secondary" onClick={() => void copy()}>
              {state === 'copied' ? 'Copied' : 'Copy'}
            </Button>
          </div>
          {state === 'failed' && (
            <span className="text-danger" role="alert">
              The browser did not allow the copy: select the key and copy it by hand.
            </span>
          )}
        </div>
      )}
    </Dialog>
  );
}
