import type { ReactNode } from 'react';
import type { JobResponse } from '@repobundle/contract';
import { Icon } from '../../../components/ui/icons.js';
import { formatNumber } from '../../../lib/format.js';
import { CREDIT_TYPE_LABELS, STRATEGY_LABELS } from '../job-labels.js';
import jobPageStyles from '../job-page.module.css';

function Flag({ on }: { on: boolean }) {
  return (
    <span className={on ? `${jobPageStyles.flag} ${jobPageStyles.flagOn}` : jobPageStyles.flag}>
      {on ? <Icon name="check" size={12} /> : <Icon name="x" size={12} />}
      {on ? 'On' : 'Off'}
    </span>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={jobPageStyles.configItem}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Job Configuration: every option the job ran with. */
export function JobConfiguration({ job }: { job: JobResponse }) {
  return (
    <section className="card" aria-labelledby="job-configuration-title">
      <div className="card-header">
        <h2 id="job-configuration-title" className="card-title">
          Job Configuration
        </h2>
      </div>
      <div className="card-body stack">
        <dl className={jobPageStyles.configGrid}>
          <Item label="Output format">
            <span className="format-chip">.{job.output_format}</span>
          </Item>
          <Item label="Chunking strategy">{STRATEGY_LABELS[job.chunking_strategy]}</Item>
          <Item label="Token limit">{formatNumber(job.token_limit)} tokens</Item>
          {job.chunking_strategy === 'fixed' && (
            <Item label="Chunk overlap">{formatNumber(job.chunk_overlap)}</Item>
          )}
          <Item label="Credit type">{CREDIT_TYPE_LABELS[job.credit_type]}</Item>
          {job.target_model && <Item label="Target model">{job.target_model}</Item>}
          {job.token_budget !== null && (
            <Item label="Token budget">{formatNumber(job.token_budget)} tokens</Item>
          )}
          {job.fit_to_model && (
            <Item label="Fit to the model">
              {job.reserve_tokens === null
                ? 'Reserve a quarter'
                : `Reserve ${formatNumber(job.reserve_tokens)} tokens`}
            </Item>
          )}
          <Item label="Remove comments">
            <Flag on={job.remove_comments} />
          </Item>
          <Item label="Signatures only">
            <Flag on={job.compress} />
          </Item>
          <Item label="Remove blank lines">
            <Flag on={job.remove_blank_lines} />
          </Item>
          <Item label="Line numbers">
            <Flag on={job.show_line_numbers} />
          </Item>
          <Item label="Respect .gitignore">
            <Flag on={job.respect_gitignore} />
          </Item>
          <Item label="Redact secrets">
            <Flag on={job.redact_secrets} />
          </Item>
          <Item label="Notebook processing">
            <Flag on={job.notebook_processing} />
          </Item>
          <Item label="Sort by changes">
            <Flag on={job.sort_by_changes} />
          </Item>
        </dl>
        {job.focus && (
          <div className={jobPageStyles.configPatterns}>
            <span className={jobPageStyles.configLabel}>Focus</span>
            <p className={jobPageStyles.configText}>{job.focus}</p>
          </div>
        )}
        {job.keep_patterns.length > 0 && (
          <div className={jobPageStyles.configPatterns}>
            <span className={jobPageStyles.configLabel}>Always keep</span>
            <ul className={jobPageStyles.patternList}>
              {job.keep_patterns.map((pattern) => (
                <li key={pattern}>
                  <code className="code-chip">{pattern}</code>
                </li>
              ))}
            </ul>
          </div>
        )}
        {job.header_text && (
          <div className={jobPageStyles.configPatterns}>
            <span className={jobPageStyles.configLabel}>Header text</span>
            <p className={jobPageStyles.configText}>{job.header_text}</p>
          </div>
        )}
        {job.instruction_text && (
          <div className={jobPageStyles.configPatterns}>
            <span className={jobPageStyles.configLabel}>Instructions</span>
            <p className={jobPageStyles.configText}>{job.instruction_text}</p>
          </div>
        )}
        <div className={jobPageStyles.configPatterns}>
          <span className={jobPageStyles.configLabel}>Custom patterns</span>
          {job.custom_patterns.length === 0 ? (
            <span className="faint">None</span>
          ) : (
            <ul className={jobPageStyles.patternList}>
              {job.custom_patterns.map((pattern) => (
                <li key={pattern}>
                  <code className="code-chip">{pattern}</code>
                </li>
              ))}
            </ul>
          )}
        </div>
        {job.gitignore_content && (
          <details className={jobPageStyles.configGitignore}>
            <summary>
              .gitignore used ({formatNumber(job.gitignore_content.split('\n').length)} lines)
            </summary>
            <pre>{job.gitignore_content}</pre>
          </details>
        )}
      </div>
    </section>
  );
}
