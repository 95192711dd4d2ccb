import {
  BASIC_REQUIREMENTS,
  passwordStrength,
  validatePassword,
  type StrengthLevel,
} from '../../lib/password-rules.js';
import { Icon } from '../ui/icons.js';
import styles from './password-strength.module.css';
import meterStyles from './strength-meter.module.css';

const LEVELS: Record<StrengthLevel, { label: string; width: number; color: string }> = {
  none: { label: '', width: 0, color: 'var(--border-strong)' },
  weak: { label: 'Weak', width: 25, color: 'var(--danger)' },
  fair: { label: 'Fair', width: 50, color: 'var(--warning)' },
  good: { label: 'Good', width: 75, color: 'var(--info)' },
  strong: { label: 'Strong', width: 100, color: 'var(--success)' },
};

/** Live strength level, the five basic requirements, and the message of every broken rule. */
export function PasswordStrength({ password }: { password: string }) {
  const level = passwordStrength(password);
  const look = LEVELS[level];
  const errors = validatePassword(password);
  return (
    <div className={styles.strength} aria-live="polite">
      {level !== 'none' && (
        <div className={meterStyles.meter}>
          <div className="progress" aria-hidden="true">
            <div
              className="progress-bar"
              style={{ width: `${look.width}%`, background: look.color }}
            />
          </div>
          <span className={meterStyles.label} style={{ color: look.color }}>
            Password strength: {look.label}
          </span>
        </div>
      )}
      <ul className={styles.requirements} aria-label="Password requirements">
        {BASIC_REQUIREMENTS.map((rule) => {
          const met = password.length > 0 && !errors.includes(rule.message);
          return (
            <li key={rule.label} className={met ? styles.met : undefined}>
              <Icon name={met ? 'check' : 'x'} size={14} />
              <span>{rule.label}</span>
              <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
            </li>
          );
        })}
      </ul>
      {errors.length > 0 && (
        <ul className={styles.passwordErrors}>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
