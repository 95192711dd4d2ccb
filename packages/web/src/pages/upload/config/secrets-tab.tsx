import { Badge } from '../../../components/ui/feedback.js';
import { Icon } from '../../../components/ui/icons.js';
import type { UploadOptions } from './job-fields.js';
import { OptionToggle } from './option-toggle.js';
import type { UpdateOption } from './use-upload-options.js';
import tabStyles from './config-tab.module.css';
import styles from './secrets-tab.module.css';

const DETECTED = [
  'Cloud keys (AWS, Google Cloud, Azure)',
  'Tokens of common services (GitHub, Slack, Stripe…)',
  'Private keys and connection strings with passwords',
  'High-entropy values assigned to secret-looking names',
];

/** Secret Configuration: redaction on or off, with the Enabled badge. */
export function SecretsTab({ options, update }: { options: UploadOptions; update: UpdateOption }) {
  return (
    <div className={`stack ${styles.secretsTab}`}>
      <div className={styles.secretPanel}>
        <OptionToggle
          label="Secret Detection"
          description="Finds credentials and replaces each value with a marker such as [REDACTED:aws-access-key]. Counts per file are reported; the secret never is."
          checked={options.redactSecrets}
          onChange={(value) => update('redactSecrets', value)}
          badge={options.redactSecrets ? <Badge tone="success">Enabled</Badge> : null}
        />
      </div>
      <ul className={`check-list ${styles.secretList}`}>
        {DETECTED.map((item) => (
          <li key={item}>
            <Icon name="shield" size={15} />
            {item}
          </li>
        ))}
      </ul>
      <p className={`faint ${tabStyles.configNote}`}>
        Secret detection raises processing time by 2 to 3 times.
      </p>
    </div>
  );
}
