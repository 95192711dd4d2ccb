import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useDownloadRepositoryZip } from '../../api/upload-mutations.js';
import type { User } from '../../api/types.js';
import { Button } from '../../components/ui/button.js';
import { Alert, Progress } from '../../components/ui/feedback.js';
import { TextField } from '../../components/ui/field.js';
import { Icon } from '../../components/ui/icons.js';
import {
  canImportRepositories,
  parseRepositoryUrl,
  repositoryUrlProblem,
  type RepositorySource,
} from './rules/repository-url.js';
import { decodeBase64InPieces } from './decode-base64.js';
import { UploadHttpError } from '../../api/upload-errors.js';
import { OptionToggle } from './config/option-toggle.js';
import { ProUpsell } from './pro-upsell.js';
import styles from './repository-panel.module.css';

/** The browser reads repositories up to 200 MB. */
export const MAX_REPOSITORY_MB = 200;
export const NO_ZIP_CONTENT = 'No ZIP content received from GitHub repository';
export const DECODE_FAILED =
  'Repository is too large for browser processing. Try uploading a ZIP file directly or use a smaller repository.';
export const tooLargeMessage = (megabytes: number) =>
  `Repository is too large (${megabytes}MB) for browser processing. Maximum size is 200MB. Please use a smaller repository or upload a ZIP file directly.`;

/** The stages of fetching a repository, as the progress card names them. */
const STAGE_LABELS = {
  downloading: 'Downloading repository...',
  decoding: 'Decoding repository...',
  extracting: 'Extracting files...',
} as const;
type Stage = keyof typeof STAGE_LABELS;

const REPO_POINTS = [
  'Public and private repositories of your connected account',
  'Any branch, tag or commit through /tree/{ref}',
  'The same explorer as for a ZIP: filter, search and preview first',
  '5,000 GitHub API requests per hour with a connected account',
];

type Outcome = 'idle' | 'upgrade' | 'error';

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

/**
 * Repository mode: gated by plan and connection. The repository comes down as a ZIP that the
 * browser decodes and lists like an uploaded one (`onLoaded`); the job is then created from the
 * repository itself.
 */
export function RepositoryPanel({
  user,
  onLoaded,
}: {
  user: User;
  onLoaded(file: File, source: RepositorySource): void;
}) {
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const [sortByChanges, setSortByChanges] = useState(false);
  const [stage, setStage] = useState<{ stage: Stage; percent: number } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const { mutateAsync: downloadZip } = useDownloadRepositoryZip();
  const eligible = canImportRepositories(user);
  const needsConnection = !user.github_connected;
  const urlProblem = repositoryUrlProblem(url);
  const valid = urlProblem === null;
  const loading = stage !== null;

  if (!eligible || outcome === 'upgrade') return <ProUpsell />;

  const fail = (text: string) => {
    setOutcome('error');
    setMessage(text);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const ref = parseRepositoryUrl(url);
    if (!ref || loading || needsConnection) return;
    setOutcome('idle');
    setMessage(null);
    setStage({ stage: 'downloading', percent: 10 });
    try {
      const zip = await downloadZip({ githubUrl: url.trim(), branch: ref.branch });
      if (!zip.zip_content) return fail(NO_ZIP_CONTENT);
      const megabytes = Math.ceil(zip.size_bytes / (1024 * 1024));
      if (megabytes > MAX_REPOSITORY_MB) return fail(tooLargeMessage(megabytes));
      setStage({ stage: 'decoding', percent: 85 });
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        bytes = await decodeBase64InPieces(zip.zip_content, (fraction) =>
          setStage({ stage: 'decoding', percent: 85 + Math.round(fraction * 10) }),
        );
      } catch {
        return fail(DECODE_FAILED);
      }
      setStage({ stage: 'extracting', percent: 95 });
      const name = `${ref.repo}-${ref.branch.replace(/[^\w.-]+/g, '-')}.zip`;
      const file = new File([bytes], name, { type: 'application/zip' });
      onLoaded(file, { ...ref, githubUrl: url.trim(), sortByChanges });
    } catch (error) {
      if (needsUpgrade(error)) setOutcome('upgrade');
      else fail(error instanceof Error ? error.message : 'The repository could not be read.');
    } finally {
      setStage(null);
    }
  };

  return (
    <div className="stack">
      {needsConnection && (
        <div className={`alert alert-info ${styles.connectNotice}`} role="status">
          <Icon name="github" size={18} className={styles.noticeIcon} />
          <div>
            <strong>Connect GitHub Account Required</strong>
            <div>
              Connect your GitHub account to import repositories.{' '}
              <Link to="/settings?tab=integrations">Go to Settings → Integrations</Link>
            </div>
          </div>
        </div>
      )}
      <div className={styles.repoGrid}>
        <form className={`card card-body ${styles.repoForm}`} onSubmit={onSubmit} noValidate>
          <TextField
            label="Repository URL"
            placeholder="https://github.com/owner/repository"
            value={url}
            disabled={needsConnection}
            onChange={(event) => setUrl(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && url ? urlProblem : null}
            hint="Add /tree/branch to pick a branch or commit; the default is main."
          />
          <OptionToggle
            label="Sort files by changes"
            description="Files changed most often in the last 1,000 commits go last, where the model pays them the most attention."
            checked={sortByChanges}
            onChange={setSortByChanges}
          />
          <Button type="submit" loading={loading} disabled={!valid || loading || needsConnection}>
            <Icon name="github" size={16} />
            Process Repository
          </Button>
        </form>
        <div className={`card card-body ${styles.repoInfo}`}>
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
      {stage && (
        <div className="card card-body stack" role="status">
          <span>{STAGE_LABELS[stage.stage]}</span>
          <Progress value={stage.percent} label={STAGE_LABELS[stage.stage]} />
        </div>
      )}
      {outcome === 'error' && message && <Alert tone="danger">{message}</Alert>}
    </div>
  );
}
