import type { ReactNode } from 'react';
import styles from './settings-section.module.css';

export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card">
      <div className={styles.head}>
        <h2 className="card-title">{title}</h2>
        {description && <p className="muted">{description}</p>}
      </div>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
