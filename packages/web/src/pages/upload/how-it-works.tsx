import { Icon, type IconName } from '../../components/ui/icons.js';
import styles from './how-it-works.module.css';

const STEPS: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'upload',
    title: 'Drop a ZIP',
    text: 'Listed in your browser in a moment, even with 100,000 files.',
  },
  {
    icon: 'search',
    title: 'Pick the files',
    text: 'Filter by language, search, preview any file with highlighting.',
  },
  {
    icon: 'zap',
    title: 'Process',
    text: 'About 1 credit per 2,000 lines; the estimate is shown before you start.',
  },
];

/** Three short steps under the empty drop zone. */
export function HowItWorks() {
  return (
    <ol className={styles.howItWorks}>
      {STEPS.map((step, index) => (
        <li key={step.title} className="card">
          <span className={styles.howStep}>{index + 1}</span>
          <span className={styles.howIcon}>
            <Icon name={step.icon} size={18} />
          </span>
          <strong>{step.title}</strong>
          <span className="muted">{step.text}</span>
        </li>
      ))}
    </ol>
  );
}
