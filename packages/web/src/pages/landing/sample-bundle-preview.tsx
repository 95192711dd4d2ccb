import { useId, useState } from 'react';
import { useSampleBundle } from '../../api/queries.js';
import { ButtonLink } from '../../components/ui/button.js';
import { Alert, Skeleton } from '../../components/ui/feedback.js';
import { Icon } from '../../components/ui/icons.js';
import { formatNumber } from '../../lib/format.js';
import type { SampleBundle } from '../../lib/sample-bundle.js';
import styles from './sample-bundle-preview.module.css';

interface SampleFile {
  id: string;
  label: string;
  text: string;
  /** Chunks only: the engine's exact count of the chunk as rendered. */
  tokens?: number;
}

/** The files of the sample as the tabs show them: the overview, then each chunk. */
function filesOf(bundle: SampleBundle): SampleFile[] {
  return [
    { id: bundle.overview.file_name, label: bundle.overview.file_name, text: bundle.overview.text },
    ...bundle.chunks.map((chunk) => ({
      id: chunk.file_name,
      label: chunk.file_name,
      text: chunk.text,
      tokens: chunk.tokens,
    })),
  ];
}

function Preview({ bundle }: { bundle: SampleBundle }) {
  const files = filesOf(bundle);
  const [active, setActive] = useState(files[1]?.id ?? files[0]!.id);
  const baseId = useId();
  const file = files.find((entry) => entry.id === active) ?? files[0]!;
  const { source, statistics } = bundle;
  return (
    <div className={`card ${styles.sampleBundle}`}>
      <div className={styles.sampleBundleHead}>
        <div>
          <strong className={styles.sampleBundleName}>
            {source.name} {source.version}
          </strong>
          <span className="faint">
            {' '}
            · {source.license} licence{source.repository ? ` · ${source.repository}` : ''}
          </span>
        </div>
        <dl className={styles.sampleBundleStats}>
          <div>
            <dt>Files</dt>
            <dd>{formatNumber(statistics.files)}</dd>
          </div>
          <div>
            <dt>Lines</dt>
            <dd>{formatNumber(statistics.lines)}</dd>
          </div>
          <div>
            <dt>Chunks</dt>
            <dd>{formatNumber(statistics.chunks)}</dd>
          </div>
          <div>
            <dt>Tokens out</dt>
            <dd>{formatNumber(statistics.output_tokens)}</dd>
          </div>
        </dl>
      </div>
      <div
        className={styles.sampleBundleTabs}
        role="tablist"
        aria-label="Files of the sample bundle"
      >
        {files.map((entry) => (
          <button
            key={entry.id}
            type="button"
            role="tab"
            id={`${baseId}-${entry.id}`}
            aria-selected={entry.id === file.id}
            aria-controls={`${baseId}-panel`}
            className={styles.sampleBundleTab}
            onClick={() => setActive(entry.id)}
          >
            <Icon name="file" size={14} />
            {entry.label}
            {entry.tokens !== undefined && (
              <span className={styles.sampleBundleTokens} data-testid="sample-chunk-tokens">
                {formatNumber(entry.tokens)} tokens
              </span>
            )}
          </button>
        ))}
      </div>
      <pre
        className={styles.sampleBundleText}
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-${file.id}`}
        tabIndex={0}
      >
        {file.text}
      </pre>
      <p className={`${styles.sampleBundleFoot} faint`}>
        Packed by the RepoBundle engine when this site was built: default options, tokens counted
        exactly with o200k_base (GPT-4o).
      </p>
    </div>
  );
}

/** The landing page's product shot: a real bundle of a real package, browsable. */
export function SampleBundlePreview() {
  const sample = useSampleBundle();
  return (
    <section className="section" aria-labelledby="sample-bundle-title">
      <div className="container">
        <div className="section-head">
          <h2 id="sample-bundle-title">See a real bundle</h2>
          <p className="muted">
            Vercel's open-source <strong>ms</strong> package, as a model would read it: an overview,
            then chunks that never pass the token limit.
          </p>
        </div>
        {sample.isPending ? (
          <Skeleton height={420} />
        ) : sample.isError ? (
          <Alert tone="warning">The sample bundle could not be loaded.</Alert>
        ) : (
          <Preview bundle={sample.data} />
        )}
        <div className={`row ${styles.sampleBundleCta}`}>
          <ButtonLink to="/demo" variant="secondary">
            Try it on your own repository
            <Icon name="arrowRight" size={16} />
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
