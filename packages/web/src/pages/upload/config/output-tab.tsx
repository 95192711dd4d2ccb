import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icons.js';
import { FORMAT_LABELS } from './advanced-summary.js';
import type { UploadOptions } from './job-fields.js';
import { OptionToggle } from './option-toggle.js';
import { TokenLimitField } from './token-limit-field.js';
import type { UpdateOption } from './use-upload-options.js';
import { cx } from '../../../lib/class-names.js';
import tabStyles from './config-tab.module.css';
import styles from './output-tab.module.css';

const FORMATS = ['md', 'txt', 'json', 'xml', 'csv', 'yaml', 'custom'] as const;

const FORMAT_HINTS: Record<(typeof FORMATS)[number], string> = {
  md: 'Fenced code, best for chat models',
  txt: 'Plain text with file headers',
  json: 'One object per file',
  xml: 'Tagged documents',
  csv: 'One row per file',
  yaml: 'Readable structured data',
  custom: 'Your own Handlebars template',
};

interface OutputTabProps {
  options: UploadOptions;
  update: UpdateOption;
  allowedFormats: readonly string[];
  selection: { bytes: number; files: number; languages: ReadonlySet<string> };
}

/** Output & Processing: format (limited by plan), processing flags, token limit. */
export function OutputTab({ options, update, allowedFormats, selection }: OutputTabProps) {
  return (
    <div className={tabStyles.configGrid}>
      <fieldset className={tabStyles.configSection}>
        <legend className={tabStyles.configLegend}>Output format</legend>
        <div className={styles.formatGrid}>
          {FORMATS.map((format) => {
            const allowed = allowedFormats.includes(format);
            return (
              <label
                key={format}
                className={cx(
                  tabStyles.optionCard,
                  !allowed && tabStyles.isLocked,
                  options.outputFormat === format && tabStyles.isSelected,
                )}
              >
                <input
                  type="radio"
                  name="output-format"
                  value={format}
                  checked={options.outputFormat === format}
                  disabled={!allowed}
                  onChange={() => update('outputFormat', format)}
                />
                <span className={tabStyles.optionCardTitle}>
                  {FORMAT_LABELS[format]}
                  {!allowed && <Icon name="lock" size={13} />}
                </span>
                <span className={tabStyles.optionCardHint}>
                  {allowed ? FORMAT_HINTS[format] : <Link to="/pricing">Upgrade to access</Link>}
                </span>
              </label>
            );
          })}
        </div>
        {options.outputFormat === 'custom' && (
          <div className="field">
            <label className="field-label" htmlFor="custom-template">
              Template (Handlebars)
            </label>
            <textarea
              id="custom-template"
              className={`input ${tabStyles.textarea} ${tabStyles.codeFont}`}
              rows={8}
              value={options.template}
              onChange={(event) => update('template', event.target.value)}
            />
            <span className="field-hint">
              Variables: source, chunk.index, chunk.count, and per piece path, lines, language,
              fence, content.
            </span>
          </div>
        )}
      </fieldset>
      <div className={tabStyles.configSection}>
        <span className={tabStyles.configLegend}>Processing</span>
        <OptionToggle
          label="Include comments"
          description="Off removes comments with a parser, never inside strings."
          checked={options.includeComments}
          onChange={(value) => update('includeComments', value)}
        />
        <OptionToggle
          label="Include blank lines"
          checked={options.includeBlankLines}
          onChange={(value) => update('includeBlankLines', value)}
        />
        <OptionToggle
          label="Line numbers and metadata"
          description="Line numbers and file details in the output."
          checked={options.includeMetadata}
          onChange={(value) => update('includeMetadata', value)}
        />
        <OptionToggle
          label="Process Jupyter notebooks"
          description="Turns .ipynb files into their code and markdown cells."
          checked={options.notebookProcessing}
          onChange={(value) => update('notebookProcessing', value)}
        />
        <TokenLimitField
          value={options.tokenLimit}
          onChange={(value) => update('tokenLimit', value)}
          selection={selection}
        />
      </div>
      <fieldset className={tabStyles.configSection}>
        <legend className={tabStyles.configLegend}>Words for the model</legend>
        <div className="field">
          <label className="field-label" htmlFor="header-text">
            Header text
          </label>
          <textarea
            id="header-text"
            className={`input ${tabStyles.textarea}`}
            rows={2}
            maxLength={65_536}
            placeholder="What this repository is, e.g. The billing service of Acme's shop."
            value={options.headerText}
            onChange={(event) => update('headerText', event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="instruction-text">
            Instructions
          </label>
          <textarea
            id="instruction-text"
            className={`input ${tabStyles.textarea}`}
            rows={3}
            maxLength={65_536}
            placeholder="What the model should do, e.g. Review for bugs and list each with its file."
            value={options.instructionText}
            onChange={(event) => update('instructionText', event.target.value)}
          />
          <span className="field-hint">
            Both open the overview and every chunk, and count towards each chunk&apos;s tokens.
          </span>
        </div>
      </fieldset>
    </div>
  );
}
