import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../components/ui/button.js';
import { Icon } from '../../components/ui/icons.js';
import type { SubmitStep } from './submit/submit-upload.js';
import { formatSeconds, STEP_LABELS } from './submit/upload-progress.js';
import styles from './progress-overlay.module.css';

/** The bar and the figure move to a new value over 800 ms. */
export const PROGRESS_ANIMATION_MS = 800;
const STEPS: SubmitStep[] = ['preparing', 'uploading', 'processing', 'redirecting'];

function useAnimatedNumber(target: number): number {
  const [value, setValue] = useState(target);
  const from = useRef(target);
  const current = useRef(target);
  useEffect(() => {
    from.current = current.current;
    const started = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const t = Math.min(1, (now - started) / PROGRESS_ANIMATION_MS);
      const eased = 1 - (1 - t) ** 3;
      current.current = from.current + (target - from.current) * eased;
      setValue(current.current);
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return value;
}

interface ProgressOverlayProps {
  step: SubmitStep;
  percent: number;
  remaining: number;
  fileName: string | null;
  onCancel(): void;
}

export function ProgressOverlay({
  step,
  percent,
  remaining,
  fileName,
  onCancel,
}: ProgressOverlayProps) {
  const shown = useAnimatedNumber(percent);
  const at = STEPS.indexOf(step);
  return createPortal(
    <div className="dialog-backdrop progress-backdrop">
      <div
        className={`dialog ${styles.progressDialog}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="upload-progress-title"
      >
        <div className={styles.progressHead}>
          <span className={styles.progressSpinner} aria-hidden="true">
            <span className="spinner" />
          </span>
          <div>
            <h2 id="upload-progress-title" className="dialog-title">
              {STEP_LABELS[step]}
            </h2>
            {fileName && <p className={`faint ${styles.progressFile}`}>{fileName}</p>}
          </div>
          <strong className={styles.progressPercent} aria-hidden="true">
            {Math.round(shown)}%
          </strong>
        </div>
        <div
          className={`progress ${styles.progressLg}`}
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
        >
          <div
            className={`progress-bar ${styles.progressBarAnimated}`}
            style={{ width: `${percent}%` }}
          />
        </div>
        <ol className={styles.progressSteps}>
          {STEPS.map((item, index) => (
            <li
              key={item}
              className={index < at ? styles.isDone : index === at ? styles.isCurrent : undefined}
              aria-current={index === at ? 'step' : undefined}
            >
              <span className={styles.progressStepDot}>
                {index < at ? <Icon name="check" size={12} /> : index + 1}
              </span>
              {STEP_LABELS[item]}
            </li>
          ))}
        </ol>
        {remaining > 0 && (
          <p className={styles.progressRemaining} role="status">
            <Icon name="clock" size={15} />
            About {formatSeconds(remaining)} remaining
            {remaining > 60 && (
              <span className={`faint ${styles.progressHint}`}>
                Large archives take a few minutes. Keep this tab open.
              </span>
            )}
          </p>
        )}
        <div className={styles.progressActions}>
          <Button variant="secondary" onClick={onCancel} disabled={step === 'redirecting'}>
            Cancel
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
