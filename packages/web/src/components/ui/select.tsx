import { useId, type SelectHTMLAttributes } from 'react';

interface SelectProps<T extends string> extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'onChange'
> {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange(value: T): void;
  hideLabel?: boolean;
}

export function Select<T extends string>({
  label,
  value,
  options,
  onChange,
  hideLabel,
  id,
  ...rest
}: SelectProps<T>) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className="field">
      <label className={hideLabel ? 'sr-only' : 'field-label'} htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className="select"
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
