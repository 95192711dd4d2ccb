import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../components/ui/icons.js';
import './stat-card.css';

export function StatCard({
  icon,
  label,
  value,
  hint,
}: {
  icon: IconName;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="card card-body stat-card">
      <div className="stat-top">
        <span className="stat-label">{label}</span>
        <span className="stat-icon">
          <Icon name={icon} size={18} />
        </span>
      </div>
      <div className="stat-value">{value}</div>
      {hint && <div className="faint stat-hint">{hint}</div>}
    </div>
  );
}
