import type { ReactNode } from 'react';
import { Icon, type IconName } from '../ui/icons.js';
import styles from './auth-card.module.css';

/** The centred card every account screen (auth, verify, forgot, reset) sits in. */
export function AuthCard({
  icon,
  title,
  subtitle,
  children,
  footer,
}: {
  icon: IconName;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className={styles.shell}>
      <div className={`${styles.card} card`}>
        <div className={styles.head}>
          <span className="feature-icon">
            <Icon name={icon} size={22} />
          </span>
          <h1>{title}</h1>
          {subtitle && <p className="muted">{subtitle}</p>}
        </div>
        {children}
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
