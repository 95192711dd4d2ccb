import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Badge } from '../../../components/ui/feedback.js';
import { Icon } from '../../../components/ui/icons.js';
import { Select } from '../../../components/ui/select.js';
import { addPatterns, patternError, type PatternType } from './custom-patterns.js';
import { GITIGNORE_TEMPLATES } from './gitignore-templates.js';
import type { UploadOptions } from './job-fields.js';
import { OptionToggle } from './option-toggle.js';
import type { UpdateOption } from './use-upload-options.js';
import { LinkButton } from '../../../components/ui/link-button.js';
import tabStyles from './config-tab.module.css';
import styles from './gitignore-tab.module.css';

/** Git Ignore Configuration: respect .gitignore, custom patterns (validated), templates. */
export function GitignoreTab({
  options,
  update,
}: {
  options: UploadOptions;
  update: UpdateOption;
}) {
  const [text, setText] = useState('');
  const [type, setType] = useState<PatternType>('exclude');
  const [error, setError] = useState<string | null>(null);
  const patterns = options.customPatterns;

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const problem = patternError(text);
    if (problem) {
      setError(problem);
      return;
    }
    update('customPatterns', addPatterns(patterns, [text], type, 'custom'));
    setText('');
    setError(null);
  };

  return (
    <div className={tabStyles.configGrid}>
      <div className={tabStyles.configSection}>
        <OptionToggle
          label="Respect .gitignore files"
          description="Skips what the archive's own .gitignore files ignore. May add 10 to 20% processing time."
          checked={options.useGitignore}
          onChange={(value) => update('useGitignore', value)}
        />
        <span className={tabStyles.configLegend}>Templates</span>
        <div className={styles.templateRow}>
          {GITIGNORE_TEMPLATES.map((template) => (
            <Button
              key={template.name}
              variant="secondary"
              size="sm"
              onClick={() =>
                update(
                  'customPatterns',
                  addPatterns(patterns, template.patterns, 'exclude', `template:${template.name}`),
                )
              }
            >
              <Icon name="plus" size={14} />
              {template.name}
            </Button>
          ))}
        </div>
      </div>
      <div className={tabStyles.configSection}>
        <span className={tabStyles.configLegend}>Custom patterns</span>
        <form className={styles.patternForm} onSubmit={onAdd} noValidate>
          <div className={`field ${styles.patternInput}`}>
            <label className="sr-only" htmlFor="custom-pattern">
              Pattern
            </label>
            <input
              id="custom-pattern"
              className={`input ${tabStyles.codeFont}`}
              placeholder="e.g. **/*.test.ts or docs/"
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'custom-pattern-error' : undefined}
              onChange={(event) => {
                setText(event.target.value);
                if (error) setError(null);
              }}
            />
          </div>
          <Select<PatternType>
            label="Pattern type"
            hideLabel
            value={type}
            options={[
              { value: 'exclude', label: 'Exclude' },
              { value: 'include', label: 'Include' },
            ]}
            onChange={setType}
          />
          <Button type="submit" variant="primary" size="sm">
            Add Pattern
          </Button>
        </form>
        {error && (
          <span id="custom-pattern-error" className="field-error" role="alert">
            {error}
          </span>
        )}
        {patterns.length === 0 ? (
          <p className={`faint ${tabStyles.configNote}`}>
            No custom patterns. Excludes drop matching files; includes keep only matching files.
          </p>
        ) : (
          <ul className={styles.patternList} aria-label="Custom patterns">
            {patterns.map((pattern, index) => (
              <li key={`${pattern.type}-${pattern.pattern}`}>
                <Badge tone={pattern.type === 'exclude' ? 'danger' : 'success'}>
                  {pattern.type}
                </Badge>
                <code>{pattern.pattern}</code>
                {pattern.source !== 'custom' && (
                  <span className={`faint ${styles.patternSource}`}>
                    {pattern.source.replace('template:', '')}
                  </span>
                )}
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-icon"
                  aria-label={`Remove ${pattern.pattern}`}
                  onClick={() =>
                    update(
                      'customPatterns',
                      patterns.filter((_, at) => at !== index),
                    )
                  }
                >
                  <Icon name="close" size={14} />
                </button>
              </li>
            ))}
          </ul>
        )}
        {patterns.length > 0 && (
          <LinkButton onClick={() => update('customPatterns', [])}>Clear all patterns</LinkButton>
        )}
      </div>
    </div>
  );
}
