import { useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { Dialog } from '../../components/ui/dialog.js';
import { Alert } from '../../components/ui/feedback.js';
import { TextField } from '../../components/ui/field.js';

export const CONFIRM_LENGTH = 5;
export const DELETE_JOB_FAILED = 'Failed to delete job. Please try again.';

interface DeleteJobDialogProps {
  jobId: string | null;
  onCancel(): void;
  /** Receives the typed digits; the server compares them, the client does not. */
  onConfirm(digits: string): Promise<void>;
  /** A failure to show inside the dialog (the job page); the dashboard shows a toast instead. */
  error?: string | null;
}

export function DeleteJobDialog({ jobId, onCancel, onConfirm, error }: DeleteJobDialogProps) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setTyped('');
    onCancel();
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm(typed);
      setTyped('');
    } finally {
      setBusy(false);
    }
  };
  const lastFive = jobId ? jobId.slice(-CONFIRM_LENGTH) : '';
  return (
    <Dialog
      open={jobId !== null}
      title="Delete job"
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={busy}
            disabled={typed.length !== CONFIRM_LENGTH}
            onClick={() => void confirm()}
          >
            Delete Job
          </Button>
        </>
      }
    >
      <div className="stack">
        <p>This permanently deletes the job and its output files. Your credit history is kept.</p>
        <p className="muted">
          Type the last 5 characters of the job id (<code className="code-chip">{lastFive}</code>)
          to confirm.
        </p>
        <TextField
          label="Confirmation"
          value={typed}
          maxLength={CONFIRM_LENGTH}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTyped(event.target.value.slice(0, CONFIRM_LENGTH))}
          placeholder={lastFive}
        />
        {error && <Alert tone="danger">{error}</Alert>}
      </div>
    </Dialog>
  );
}
