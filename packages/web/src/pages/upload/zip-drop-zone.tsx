import { useRef, useState, type DragEvent } from 'react';
import { Alert, Spinner } from '../../components/ui/feedback.js';
import { Icon } from '../../components/ui/icons.js';
import { cx } from '../../lib/class-names.js';
import styles from './zip-drop-zone.module.css';

interface ZipDropZoneProps {
  limitMb: number;
  reading: boolean;
  error: string | null;
  onFile(file: File): void;
}

/** Drag a .zip here or click to browse; the archive is listed in the browser. */
export function ZipDropZone({ limitMb, reading, error, onFile }: ZipDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const depth = useRef(0);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <div className="stack">
      <label
        data-testid="drop-zone"
        className={cx(styles.dropZone, over && styles.isOver, reading && styles.isBusy)}
        onDragEnter={(event) => {
          event.preventDefault();
          depth.current++;
          setOver(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => {
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setOver(false);
        }}
        onDrop={onDrop}
      >
        <input
          ref={input}
          type="file"
          className="sr-only"
          accept=".zip,application/zip,application/x-zip-compressed"
          aria-label="Choose a ZIP archive"
          disabled={reading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <span className={styles.dropIcon}>
          {reading ? <Spinner /> : <Icon name="upload" size={26} />}
        </span>
        <span className={styles.dropTitle}>
          {reading ? 'Reading the archive…' : 'Drop your .zip here, or click to browse'}
        </span>
        <span className={styles.dropHint}>
          Up to {limitMb} MB on your plan. The file list is read in your browser; nothing is
          uploaded until you press Process.
        </span>
      </label>
      {error && <Alert tone="danger">{error}</Alert>}
    </div>
  );
}
