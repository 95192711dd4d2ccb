import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../../lib/class-names.js';
import styles from './link-button.module.css';

/** A button that reads as an inline text link: a small action inside a sentence or a row. */
export function LinkButton({
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={cx(styles.linkButton, className)} {...rest} />;
}
