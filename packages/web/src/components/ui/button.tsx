import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  icon?: boolean;
}

export function buttonClass({ variant = 'primary', size = 'md', block, icon }: Look, extra = '') {
  return [
    'btn',
    `btn-${variant}`,
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
