import type { ReactNode } from 'react';

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
    <label className="option-toggle">
      <input
        type="checkbox"
        role="switch"
        className="switch-input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="option-toggle-text">
        <span className="option-toggle-label">
          {label}
          {badge}
        </span>
        {description && <span className="faint option-toggle-description">{description}</span>}
      </span>
    </label>
  );
}
