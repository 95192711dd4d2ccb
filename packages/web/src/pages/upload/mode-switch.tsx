import { Badge } from '../../components/ui/feedback.js';
import { Icon } from '../../components/ui/icons.js';
import styles from './mode-switch.module.css';

export type UploadMode = 'zip' | 'repository';

/** ZIP Upload or GitHub Repository (Starter and up). */
export function ModeSwitch({
  mode,
  onChange,
}: {
  mode: UploadMode;
  onChange(mode: UploadMode): void;
}) {
  return (
    <div className={`switch ${styles.modeSwitch}`} role="group" aria-label="Source">
      <button type="button" aria-pressed={mode === 'zip'} onClick={() => onChange('zip')}>
        <Icon name="upload" size={16} />
        ZIP Upload
      </button>
      <button
        type="button"
        aria-pressed={mode === 'repository'}
        onClick={() => onChange('repository')}
      >
        <Icon name="github" size={16} />
        GitHub Repository
        <Badge tone="primary">Starter+</Badge>
      </button>
    </div>
  );
}
