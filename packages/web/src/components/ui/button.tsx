import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant =
  | 'primary'
  | 'secondary'
  | 'ghost'
  | 'danger'
  /** Secondary button for a destructive action that is not the page's main one. */
  | 'danger-outline'
  /** Ghost button that turns red on hover: a destructive action in a row of quiet ones. */
  | 'danger-ghost'
  /** Solid and ghost buttons on a dark, coloured band (the call-to-action bands). */
  | 'on-dark'
  | 'on-dark-ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

// The softer variants are refinements of a base look, so they carry its classes too.
const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  ghost: 'btn-ghost',
  danger: 'btn-danger',
  'danger-outline': 'btn-secondary btn-danger-outline',
  'danger-ghost': 'btn-ghost btn-danger-ghost',
  'on-dark': 'btn-primary btn-on-dark',
  'on-dark-ghost': 'btn-ghost btn-on-dark-ghost',
};

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  icon?: boolean;
}

export function buttonClass({ variant = 'primary', size = 'md', block, icon }: Look, extra = '') {
  return [
    'btn',
    VARIANT_CLASSES[variant],
    size !== 'md' && `btn-${size}`,
    block && 'btn-block',
    icon && 'btn-icon',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  size,
  block,
  icon,
  loading,
  className,
  children,
  type = 'button',
  disabled,
  ...rest
}: Look & ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean; children?: ReactNode }) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block, icon }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="spinner spinner-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}

export function ButtonLink({ variant, size, block, icon, className, ...rest }: Look & LinkProps) {
  return <Link className={buttonClass({ variant, size, block, icon }, className)} {...rest} />;
}
