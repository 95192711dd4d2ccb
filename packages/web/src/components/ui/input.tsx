import type { ComponentProps } from 'react';

/** `code` is the one-time code entry: large, spaced, monospaced digits. */
export type InputVariant = 'default' | 'code';

const VARIANT_CLASSES: Record<InputVariant, string> = {
  default: 'input',
  code: 'input input-code',
};

export function inputClass(variant: InputVariant = 'default', extra = '') {
  return [VARIANT_CLASSES[variant], extra].filter(Boolean).join(' ');
}

export type InputProps = ComponentProps<'input'> & { variant?: InputVariant };

/** A bare text input in the design system's look; TextField adds the label, hint and error. */
export function Input({ variant, className, ...rest }: InputProps) {
  return <input className={inputClass(variant, className)} {...rest} />;
}
