import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cx } from '../../lib/class-names.js';
import styles from './popover.module.css';

interface PopoverProps {
  /** Renders the trigger; spread the given props onto a button. */
  trigger(props: {
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-haspopup': 'true';
    onClick(): void;
  }): ReactNode;
  children(close: () => void): ReactNode;
  align?: 'start' | 'end';
  width?: number;
  label: string;
}

/** A click-to-open panel that closes on Escape, an outside click, or when a child asks. */
export function Popover({ trigger, children, align = 'end', width = 280, label }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={styles.root} ref={root}>
      {trigger({
        'aria-expanded': open,
        'aria-controls': id,
        'aria-haspopup': 'true',
        onClick: () => setOpen((value) => !value),
      })}
      {open && (
        <div
          id={id}
          className={cx(styles.popover, styles[align])}
          style={{ width }}
          role="region"
          aria-label={label}
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
