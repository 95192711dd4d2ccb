import type { ReactNode } from 'react';

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
      <article className="legal card card-body">
        <h1 className="page-title">{title}</h1>
        <p className="faint">Last updated {updated}</p>
        {children}
      </article>
    </div>
  );
}
