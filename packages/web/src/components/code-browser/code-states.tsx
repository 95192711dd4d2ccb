import { Icon } from '../ui/icons.js';
import { Skeleton, Spinner } from '../ui/feedback.js';
import styles from './code-states.module.css';

const SKELETON_WIDTHS = [92, 70, 84, 46, 77, 60, 88, 35];

/** Grey bars where the lines will be, while a file loads. */
export function CodeSkeleton() {
  return (
    <div className={styles.loading} aria-label="Loading file" role="status">
      {SKELETON_WIDTHS.map((width, index) => (
        <Skeleton key={index} width={`${width}%`} height={14} />
      ))}
    </div>
  );
}

/** A spinner and a line of text, while a file loads. */
export function CodeSpinner({ children }: { children: string }) {
  return (
    <div className={styles.state}>
      <Spinner />
      <span className={styles.detail}>{children}</span>
    </div>
  );
}

/** Why a file's content could not be shown. */
export function CodeLoadFailed({ message }: { message: string }) {
  return (
    <div className={`${styles.state} ${styles.failed}`}>
      <Icon name="alert" size={22} />
      <strong>Failed to load file content</strong>
      <span className={styles.detail}>
        Error: {message}. This file may not exist or may not be accessible.
      </span>
    </div>
  );
}
