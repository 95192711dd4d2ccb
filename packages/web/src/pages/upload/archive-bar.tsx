import { Button } from '../../components/ui/button.js';
import { Alert } from '../../components/ui/feedback.js';
import { Icon } from '../../components/ui/icons.js';
import { formatBytes } from '../../lib/format.js';
import { UploadIcon } from './upload-icons.js';
import type { RepositorySource } from './rules/repository-url.js';
import type { LoadedArchive } from './use-archive.js';
import styles from './archive-bar.module.css';

/** The loaded archive: name, size, counts, how fast it was listed, and the way back. */
export function ArchiveBar({
  archive,
  onClear,
  repository,
}: {
  archive: LoadedArchive;
  onClear(): void;
  /** The repository the archive was downloaded from, named instead of the file. */
  repository?: RepositorySource;
}) {
  const title = repository
    ? `${repository.owner}/${repository.repo} @ ${repository.branch}`
    : archive.file.name;
  const folders = archive.tree.folders.length - 1;
  return (
    <div className="stack">
      <div className={`card ${styles.archiveBar}`}>
        <span className={`feature-icon ${styles.archiveIcon}`}>
          {repository ? <Icon name="github" size={20} /> : <UploadIcon name="archive" size={20} />}
        </span>
        <div className={styles.archiveInfo}>
          <strong className={styles.archiveName} title={title}>
            {title}
          </strong>
          <span className={`faint ${styles.archiveMeta}`} data-list-ms={Math.round(archive.listMs)}>
            {formatBytes(archive.file.size)} · {archive.tree.files.length.toLocaleString('en-US')}{' '}
            files in {folders.toLocaleString('en-US')} folders · listed in{' '}
            {archive.listMs < 1000
              ? `${Math.max(1, Math.round(archive.listMs))} ms`
              : `${(archive.listMs / 1000).toFixed(1)} s`}
          </span>
        </div>
        <Button variant="secondary" size="sm" onClick={onClear}>
          <Icon name="refresh" size={15} />
          {/* One flex item, so the button's gap does not double the space before the noun. */}
          <span>
            Change
            <span className={styles.hideNarrow}> {repository ? 'repository' : 'file'}</span>
          </span>
        </Button>
      </div>
      {archive.listing.problems.length > 0 && (
        <Alert tone="warning">
          The server will refuse this archive: {archive.listing.problems.slice(0, 3).join('; ')}
          {archive.listing.problems.length > 3 ? '…' : '.'}
        </Alert>
      )}
    </div>
  );
}
