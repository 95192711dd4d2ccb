import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names.js';
import styles from './file-preview.module.css';

interface FilePreviewProps {
  /**
   * `compact`: a slim head over the code's own background, for the upload explorer where the
   * tree beside it is dense; `roomy`: a taller head with the name as a heading (job outputs).
   */
  density: 'compact' | 'roomy';
  /** The head's left side: the file's icon, name and whatever facts sit with it. */
  title?: ReactNode;
  /** The head's right side: facts and buttons. With neither this nor a title there is no head. */
  tools?: ReactNode;
  /** Lines between the head and the code: why the file is shown partly or not processed. */
  notes?: ReactNode;
  /** The code view, or what stands in its place (loading, failed, nothing chosen). */
  children: ReactNode;
}

/**
 * The frame of a previewed file, shared by the upload explorer and the job's output browser:
 * a head with the file's facts and actions, optional notes, then the body that fills the rest.
 */
export function FilePreview({ density, title, tools, notes, children }: FilePreviewProps) {
  return (
    <div className={cx(styles.preview, styles[density])}>
      {(title !== undefined || tools !== undefined) && (
        <div className={styles.head}>
          {title}
          {tools}
        </div>
      )}
      {notes}
      <div className={styles.body}>{children}</div>
    </div>
  );
}

/** A warning line between the head and the code. */
export function PreviewNote({ children }: { children: ReactNode }) {
  return <div className={styles.note}>{children}</div>;
}

/** A message centred in the body, in place of the code. */
export function PreviewMessage({ children }: { children: ReactNode }) {
  return <div className={styles.message}>{children}</div>;
}
