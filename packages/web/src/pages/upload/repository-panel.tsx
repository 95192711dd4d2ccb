import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { previewRepository } from '../../api/uploads-api.js';
import type { User } from '../../api/types.js';
import { Button } from '../../components/ui/button.js';
import { Alert } from '../../components/ui/feedback.js';
import { TextField } from '../../components/ui/field.js';
import { Icon } from '../../components/ui/icons.js';
import {
  canImportRepositories,
  INVALID_REPOSITORY_URL,
  parseRepositoryUrl,
} from '../../lib/upload/repository-url.js';
import { UploadHttpError } from '../../lib/upload/upload-errors.js';
import { ProUpsell } from './pro-upsell.js';

export const REPOSITORY_UNAVAILABLE =
  'Repository import is not available on this server yet. Download the repository as a ZIP and upload it instead.';

const REPO_POINTS = [
  'Public and private repositories of your connected account',
  'Any branch, tag or commit through /tree/{ref}',
  'The same explorer as for a ZIP: filter, search and preview first',
  '5,000 GitHub API requests per hour with a connected account',
];

type Outcome = 'idle' | 'unavailable' | 'upgrade' | 'error';

function needsUpgrade(error: unknown): boolean {
  if (
    error instanceof UploadHttpError &&
    (error.status === 403 || error.code === 'UPGRADE_REQUIRED')
  ) {
    return true;
  }
  const text = error instanceof Error ? error.message : '';
  return /upgrade_required|Pro and Enterprise users/i.test(text);
}

/** Repository mode: gated by plan and connection, and clear when the server lacks the calls. */
export function RepositoryPanel({ user, onUseZip }: { user: User; onUseZip(): void }) {
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const eligible = canImportRepositories(user);
  const needsConnection = !user.github_connected;
  const valid = parseRepositoryUrl(url) !== null;

  if (!eligible || outcome === 'upgrade') return <ProUpsell />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const ref = parseRepositoryUrl(url);
    if (!ref || loading || needsConnection) return;
    setLoading(true);
    setOutcome('idle');
    try {
      await previewRepository(url.trim(), ref.branch);
      // The preview call exists once the repository issue lands; until then 404 is the answer.
      setOutcome('unavailable');
    } catch (error) {
      if (needsUpgrade(error)) setOutcome('upgrade');
      else if (error instanceof UploadHttpError && (error.status === 404 || error.status === 405)) {
        setOutcome('unavailable');
      } else {
        setOutcome('error');
        setMessage(error instanceof Error ? error.message : 'The repository could not be read.');
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="stack">
      {needsConnection && (
        <div className="alert alert-info connect-notice" role="status">
          <Icon name="github" size={18} style={{ flex: 'none', marginTop: 1 }} />
          <div>
            <strong>Connect GitHub Account Required</strong>
            <div>
              Connect your GitHub account to import repositories.{' '}
              <Link to="/settings?tab=integrations">Go to Settings → Integrations</Link>
            </div>
          </div>
        </div>
      )}
      <div className="repo-grid">
        <form className="card card-body repo-form" onSubmit={onSubmit} noValidate>
          <TextField
            label="Repository URL"
            placeholder="https://github.com/owner/repository"
            value={url}
            disabled={needsConnection}
            onChange={(event) => setUrl(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && url && !valid ? INVALID_REPOSITORY_URL : null}
            hint="Add /tree/branch to pick a branch or commit; the default is main."
          />
          <Button type="submit" loading={loading} disabled={!valid || loading || needsConnection}>
            <Icon name="github" size={16} />
            Process Repository
          </Button>
        </form>
        <div className="card card-body repo-info">
          <strong>How repository import works</strong>
          <ul className="check-list">
            {REPO_POINTS.map((point) => (
              <li key={point}>
                <Icon name="check" size={16} />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {outcome === 'unavailable' && (
        <Alert tone="info">
          {REPOSITORY_UNAVAILABLE}{' '}
          <button type="button" className="link-button" onClick={onUseZip}>
            Switch to ZIP Upload
          </button>
        </Alert>
      )}
      {outcome === 'error' && message && <Alert tone="danger">{message}</Alert>}
    </div>
  );
}
