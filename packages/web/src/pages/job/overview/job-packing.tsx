import { PACK_LEVELS, type JobPacking, type PackLevel } from '@repobundle/contract';
import { useState } from 'react';
import {
  LEVEL_HINTS,
  LEVEL_LABELS,
  levelClass,
} from '../../../components/pack-levels/pack-levels.js';
import { formatNumber } from '../../../lib/format.js';
import styles from './job-packing.module.css';

/** Rows shown before "Show all": the list is least kept first, so these matter most. */
const FIRST_ROWS = 12;

/**
 * Packed to a budget: the budget, how many files each level holds, and every file's level, the
 * least kept first, each with the reason it was degraded (on hover, or opened).
 */
export function JobPackingCard({ packing }: { packing: JobPacking }) {
  const [all, setAll] = useState(false);
  const total = PACK_LEVELS.reduce((sum, level) => sum + packing.levels[level], 0);
  const rows = all ? packing.files : packing.files.slice(0, FIRST_ROWS);
  return (
    <section className="card" aria-labelledby="job-packing-title">
      <div className="card-header">
        <h2 id="job-packing-title" className="card-title">
          Packed to a budget
        </h2>
        <span className="badge badge-neutral" data-testid="packing-budget">
          {packing.used === undefined
            ? `${formatNumber(packing.budget)} tokens`
            : `${formatNumber(packing.used)} of ${formatNumber(packing.budget)} tokens`}
        </span>
      </div>
      <div className="card-body stack">
        <div className={styles.packingBar} aria-hidden="true">
          {PACK_LEVELS.map((level) =>
            packing.levels[level] > 0 ? (
              <span
                key={level}
                className={`${styles.packingBarPart} ${levelClass(level)}`}
                style={{ flexGrow: packing.levels[level] }}
              />
            ) : null,
          )}
        </div>
        <ul className={styles.packingLegend} aria-label="Files per level">
          {PACK_LEVELS.map((level) => (
            <li key={level}>
              <span className={`${styles.packingDot} ${levelClass(level)}`} />
              <span>{LEVEL_LABELS[level]}</span>
              <strong data-testid={`packing-count-${level}`}>
                {formatNumber(packing.levels[level])}
              </strong>
            </li>
          ))}
        </ul>
        <ul className={styles.packingFiles} aria-label="File levels">
          {rows.map((file) => (
            <li
              key={file.path}
              className={styles.packingFile}
              data-testid="packing-file"
              data-level={file.level}
            >
              {file.level_reason ? (
                <details title={file.level_reason}>
                  <summary>
                    <code className={styles.packingPath} data-testid="packing-path">
                      {file.path}
                    </code>
                    <LevelBadge level={file.level} />
                  </summary>
                  <p className={styles.packingReason}>{file.level_reason}</p>
                </details>
              ) : (
                <div className={styles.packingRow} title={LEVEL_HINTS[file.level]}>
                  <code className={styles.packingPath} data-testid="packing-path">
                    {file.path}
                  </code>
                  <LevelBadge level={file.level} />
                </div>
              )}
            </li>
          ))}
        </ul>
        {packing.files.length > FIRST_ROWS && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAll(!all)}>
            {all ? 'Show fewer' : `Show all ${formatNumber(packing.files.length)} files`}
          </button>
        )}
        {packing.files_truncated && (
          <p className="faint">
            {formatNumber(total - packing.files.length)} more files were kept whole; the overview
            file lists every one.
          </p>
        )}
      </div>
    </section>
  );
}

function LevelBadge({ level }: { level: PackLevel }) {
  return (
    <span className={`${styles.packingLevel} ${levelClass(level)}`} data-testid="file-level">
      {LEVEL_LABELS[level]}
    </span>
  );
}
