import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Icon } from './icons.js';
import { inputClass, type InputVariant } from './input.js';
import { buttonClass } from './button.js';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  variant?: InputVariant;
}

/** A labelled input; hints and errors are tied to it with aria-describedby. */
export function TextField({ label, hint, error, variant, className, id, ...rest }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [hint && `${inputId}-hint`, error && `${inputId}-error`].filter(Boolean);
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={inputClass(variant, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.join(' ') || undefined}
        {...rest}
      />
      {hint && (
        <span id={`${inputId}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** Password input with its own show/hide toggle. */
export function PasswordField({ label, hint, error, id, ...rest }: Omit<FieldProps, 'variant'>) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="input-wrap">
        <input
          id={inputId}
          className={inputClass()}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={hint ? `${inputId}-hint` : undefined}
          {...rest}
        />
        <button
          type="button"
          className={buttonClass({ variant: 'ghost', size: 'sm', icon: true }, 'input-addon')}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {/* The name is text, not aria-label, so "find the field labelled Password" finds only the input. */}
          <span className="sr-only">
            {visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          </span>
          <Icon name={visible ? 'eyeOff' : 'eye'} size={17} />
        </button>
      </div>
      {hint && (
        <span id={`${inputId}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
