import type { CSSProperties, ReactNode } from 'react';
import { Icon, type IconName } from './icons.js';
import styles from './feedback.module.css';

export type Tone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

export function Badge({
  tone = 'neutral',
  dot,
  children,
}: {
  tone?: Tone;
  dot?: boolean;
  children: ReactNode;
}) {
  const cls = ['badge', tone !== 'neutral' && `badge-${tone}`, dot && 'badge-dot'].filter(Boolean);
  return <span className={cls.join(' ')}>{children}</span>;
}

export function Alert({
  tone,
  children,
  role,
}: {
  tone: 'danger' | 'success' | 'warning' | 'info';
  children: ReactNode;
  role?: 'alert' | 'status';
}) {
  const icon: IconName = tone === 'success' ? 'check' : tone === 'info' ? 'info' : 'alert';
  return (
    <div className={`alert alert-${tone}`} role={role ?? (tone === 'danger' ? 'alert' : 'status')}>
      <Icon name={icon} size={18} className={styles.alertIcon} />
      <div>{children}</div>
    </div>
  );
}

export function Spinner({ small, label }: { small?: boolean; label?: string }) {
  return (
    <span
      className={small ? 'spinner spinner-sm' : 'spinner'}
      role={label ? 'status' : undefined}
      aria-label={label}
    />
  );
}

export function Skeleton({
  width = '100%',
  height = 16,
  style,
}: {
  width?: CSSProperties['width'];
  height?: number;
  style?: CSSProperties;
}) {
  return <span className="skeleton" style={{ width, height, ...style }} aria-hidden="true" />;
}

export function Progress({
  value,
  max = 100,
  label,
  color,
}: {
  value: number;
  max?: number;
  label: string;
  color?: string;
}) {
  const percent = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
    >
      <div className="progress-bar" style={{ width: `${percent}%`, background: color }} />
    </div>
  );
}

export function Tooltip({ text, children }: { text: string; children: ReactNode }) {
  return (
    <span className="tooltip-host">
      {children}
      <span className="tooltip" role="tooltip">
        {text}
      </span>
    </span>
  );
}

export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: IconName;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty">
      <span className="empty-icon">
        <Icon name={icon} size={24} />
      </span>
      <h3 className={styles.emptyTitle}>{title}</h3>
      {children && <p className="muted">{children}</p>}
      {action}
    </div>
  );
}
