import { ROLE_LABELS } from '../../lib/plans.js';
import { Badge, type Tone } from '../ui/feedback.js';

const TONES: Record<string, Tone> = {
  free: 'neutral',
  starter: 'info',
  pro: 'primary',
  enterprise: 'success',
};

export function RoleBadge({ role }: { role: string }) {
  const key = role.toLowerCase();
  if (!(key in ROLE_LABELS)) return null;
  return <Badge tone={TONES[key] ?? 'neutral'}>{ROLE_LABELS[key]}</Badge>;
}
