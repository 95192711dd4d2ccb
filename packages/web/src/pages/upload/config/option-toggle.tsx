import type { ReactNode } from 'react';
import styles from './option-toggle.module.css';

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
    <label className={styles.optionToggle}>
      <input
        type="checkbox"
        role="switch"
        className={styles.switchInput}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className={styles.optionToggleText}>
        <span className={styles.optionToggleLabel}>
          {label}
          {badge}
        </span>
        {description && (
          <span className={`faint ${styles.optionToggleDescription}`}>{description}</span>
        )}
      </span>
    </label>
  );
}
