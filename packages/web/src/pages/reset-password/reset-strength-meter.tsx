import { resetStrength } from '../../lib/reset-strength.js';
import styles from '../../components/auth/strength-meter.module.css';

const COLORS = {
  Weak: 'var(--danger)',
  Medium: 'var(--warning)',
  Strong: 'var(--info)',
  'Very Strong': 'var(--success)',
};

export function ResetStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label, ratio } = resetStrength(password);
  return (
    <div className={styles.meter} aria-live="polite">
      <div
        className="progress"
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={8}
        aria-valuenow={score}
      >
        <div
          className="progress-bar"
          style={{ width: `${ratio * 100}%`, background: COLORS[label] }}
        />
      </div>
      <span className={styles.label} style={{ color: COLORS[label] }}>
        Password strength: {label}
      </span>
    </div>
  );
}
