// How the dashboard shows a job's scheduled deletion.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface DeletionDisplay {
  text: string;
  /** Past dates are shown in red. */
  overdue: boolean;
}

function plural(count: number, unit: string): string {
  return `In ${count} ${unit}${count === 1 ? '' : 's'}`;
}

export function describeScheduledDeletion(
  value: string | null | undefined,
  now: number = Date.now(),
): DeletionDisplay {
  if (!value) return { text: 'Never', overdue: false };
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return { text: 'Invalid date', overdue: false };
  const diff = at - now;
  if (diff <= 0) return { text: 'Pending deletion', overdue: true };
  if (diff < HOUR)
    return { text: plural(Math.max(1, Math.round(diff / MINUTE)), 'minute'), overdue: false };
  if (diff < DAY) return { text: plural(Math.floor(diff / HOUR), 'hour'), overdue: false };
  if (diff <= 7 * DAY) return { text: plural(Math.floor(diff / DAY), 'day'), overdue: false };
  return {
    text: new Date(at).toLocaleDateString(undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    }),
    overdue: false,
  };
}
