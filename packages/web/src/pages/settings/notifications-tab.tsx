import { useState } from 'react';
import { SettingsSection } from './settings-section.js';
import styles from './notifications-tab.module.css';

const KEY = 'notification_preferences';
const OPTIONS = [
  { id: 'job_finished', label: 'Job finished', hint: 'An email when a job succeeds or fails.' },
  {
    id: 'credits_low',
    label: 'Credits running low',
    hint: 'A reminder when monthly credits drop below 100.',
  },
  {
    id: 'product_updates',
    label: 'Product updates',
    hint: 'New formats, integrations and features.',
  },
] as const;

function load(): Record<string, boolean> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, boolean>;
  } catch {
    return {};
  }
}

/** Preferences kept in this browser until the server stores them. */
export function NotificationsTab() {
  const [prefs, setPrefs] = useState<Record<string, boolean>>(load);
  const toggle = (id: string, value: boolean) => {
    const next = { ...prefs, [id]: value };
    setPrefs(next);
    localStorage.setItem(KEY, JSON.stringify(next));
  };
  return (
    <SettingsSection title="Notifications" description="Choose what we email you about.">
      <div className="stack">
        {OPTIONS.map((option) => (
          <label key={option.id} className={styles.toggleRow}>
            <input
              type="checkbox"
              checked={prefs[option.id] ?? option.id !== 'product_updates'}
              onChange={(e) => toggle(option.id, e.target.checked)}
            />
            <span>
              <strong>{option.label}</strong>
              <span className="faint">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </SettingsSection>
  );
}
