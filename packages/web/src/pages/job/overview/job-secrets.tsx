import type { JobResponse, JobSecrets } from '@repobundle/contract';
import { Alert } from '../../../components/ui/feedback.js';
import { formatNumber } from '../../../lib/format.js';
import jobPageStyles from '../job-page.module.css';

const plural = (count: number, word: string) =>
  `${formatNumber(count)} ${word}${count === 1 ? '' : 's'}`;

function total(counts: Readonly<Record<string, number>>): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

/** What to do next: nothing when redacted; otherwise how to run the job again with redaction. */
function SecretsAdvice({ secrets }: { secrets: JobSecrets }) {
  if (secrets.redacted)
    return (
      <p className="faint">Redacted in the output: each value became a [REDACTED:type] marker.</p>
    );
  return (
    <Alert tone="warning">
      <strong>The output still contains them.</strong> Run the job again with Secret Detection
      enabled (Secret Configuration, redact_secrets) to replace each value with a [REDACTED:type]
      marker.
    </Alert>
  );
}

function SecretsBody({ secrets }: { secrets: JobSecrets }) {
  const found = total(secrets.found);
  if (found === 0) return <p className="faint">No likely secrets found.</p>;
  const low = total(secrets.low_confidence);
  return (
    <>
      <p data-testid="secrets-summary">
        {plural(found, 'likely secret')} in {plural(secrets.files, 'file')}
        {low > 0 && `, ${formatNumber(low)} of low confidence`}
      </p>
      <ul className={jobPageStyles.patternList} aria-label="Likely secrets by type">
        {Object.entries(secrets.found).map(([type, count]) => (
          <li key={type}>
            <code className="code-chip">{type}</code> {formatNumber(count)}
            {secrets.low_confidence[type]
              ? ` (${formatNumber(secrets.low_confidence[type])} low confidence)`
              : ''}
          </li>
        ))}
      </ul>
      {secrets.private_key_files.length > 0 && (
        <Alert tone="danger">
          <strong>Private key{secrets.private_key_files.length === 1 ? '' : 's'}:</strong>{' '}
          {secrets.private_key_files.join(', ')}
        </Alert>
      )}
      <SecretsAdvice secrets={secrets} />
      <details>
        <summary>Files</summary>
        <ul className={jobPageStyles.patternList}>
          {secrets.by_file.map((row) => (
            <li key={`${row.path} ${row.type} ${row.confidence}`}>
              <code className="code-chip">{row.path}</code> {row.type} {formatNumber(row.count)}
              {row.confidence === 'low' ? ' (low confidence)' : ''}
            </li>
          ))}
        </ul>
        {secrets.by_file_truncated && <p className="faint">The overview file lists every file.</p>}
      </details>
    </>
  );
}

/**
 * Likely Secrets: found in every job, redaction on or off. Counts by type and file, the private
 * key warning, and how to redact what the output still holds; never a value.
 */
export function JobSecretsCard({ job }: { job: JobResponse }) {
  const secrets = job.statistics?.secrets;
  if (!secrets) return null;
  return (
    <section className="card" aria-labelledby="job-secrets-title">
      <div className="card-header">
        <h2 id="job-secrets-title" className="card-title">
          Likely Secrets
        </h2>
      </div>
      <div className="card-body stack">
        <SecretsBody secrets={secrets} />
      </div>
    </section>
  );
}
