import type { ReactNode } from 'react';
import uploadPageStyles from '../upload-page.module.css';

/** A labelled switch with a description, for the configuration tabs. */
export function OptionToggle({
  label,
  description,
  checked,
  onChange,
  badge,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange(value: boolean): void;
  badge?: ReactNode;
}) {
  return (
    <label className={uploadPageStyles.optionToggle}>
      <input
        type="checkbox"
        role="switch"
        className={uploadPageStyles.switchInput}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className={uploadPageStyles.optionToggleText}>
        <span className={uploadPageStyles.optionToggleLabel}>
          {label}
          {badge}
        </span>
        {description && (
          <span className={`faint ${uploadPageStyles.optionToggleDescription}`}>{description}</span>
        )}
      </span>
    </label>
  );
}
