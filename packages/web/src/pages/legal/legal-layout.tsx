import type { ReactNode } from 'react';
import styles from './legal-layout.module.css';

export function LegalLayout({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <div className="container page">
      <article className={`${styles.legal} card card-body`}>
        <h1 className="page-title">{title}</h1>
        <p className="faint">Last updated {updated}</p>
        {children}
      </article>
    </div>
  );
}
