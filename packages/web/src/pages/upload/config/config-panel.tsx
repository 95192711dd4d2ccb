import { useId, useState } from 'react';
import { Icon } from '../../../components/ui/icons.js';
import { Tabs } from '../../../components/ui/tabs.js';
import { shortDetails, summarizeOptions } from './advanced-summary.js';
import type { UploadOptions } from './job-fields.js';
import { UploadIcon } from '../upload-icons.js';
import { FitTab } from '../fit/fit-tab.js';
import { ChunkingTab } from './chunking-tab.js';
import { GitignoreTab } from './gitignore-tab.js';
import { OutputTab } from './output-tab.js';
import { SecretsTab } from './secrets-tab.js';
import type { UpdateOption } from './use-upload-options.js';
import styles from './config-panel.module.css';

type TabId = 'output' | 'fit' | 'chunking' | 'gitignore' | 'secrets';
const TABS: ReadonlyArray<{ id: TabId; label: string }> = [
  { id: 'output', label: 'Output & Processing' },
  { id: 'fit', label: 'Fit to a Model' },
  { id: 'chunking', label: 'Chunking Strategy' },
  { id: 'gitignore', label: 'Git Ignore Configuration' },
  { id: 'secrets', label: 'Secret Configuration' },
];

interface ConfigPanelProps {
  options: UploadOptions;
  update: UpdateOption;
  allowedFormats: readonly string[];
  selection: { bytes: number; files: number; languages: ReadonlySet<string> };
  /** Whether the plan packs to a token budget (Starter and up); off where nobody is signed in. */
  budgetPacking?: boolean;
}

/** The collapsible Configuration panel: four tabs and the advanced options summary. */
export function ConfigPanel({
  options,
  update,
  allowedFormats,
  selection,
  budgetPacking = false,
}: ConfigPanelProps) {
  const [open, setOpen] = useState(true);
  const [tab, setTab] = useState<TabId>('output');
  const bodyId = useId();
  const summary = summarizeOptions(options);
  return (
    <section className={`card ${styles.configPanel}`} aria-label="Configuration">
      <button
        type="button"
        className={styles.configHead}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.configTitle}>
          <span className={`feature-icon ${styles.configIcon}`}>
            <UploadIcon name="sliders" size={18} />
          </span>
          <span>
            <strong>Configuration</strong>
            <span className={`faint ${styles.configSubtitle}`}>
              Output, model fit, chunking, ignore rules and secrets
            </span>
          </span>
        </span>
        <Icon name={open ? 'chevronDown' : 'chevronRight'} />
      </button>
      <ul className={styles.advancedSummary} aria-label="Advanced options summary">
        {summary.map((item) => (
          <li key={item.type}>
            <span className={styles.advancedType}>{item.type}</span>
            <span className={styles.advancedDetails}>{shortDetails(item.details)}</span>
          </li>
        ))}
      </ul>
      {open && (
        <div id={bodyId} className={styles.configBody}>
          <Tabs<TabId> label="Configuration" tabs={TABS} value={tab} onChange={setTab} />
          <div
            className={styles.configTab}
            role="tabpanel"
            aria-label={TABS.find((t) => t.id === tab)!.label}
          >
            {tab === 'output' && (
              <OutputTab
                options={options}
                update={update}
                allowedFormats={allowedFormats}
                selection={selection}
              />
            )}
            {tab === 'fit' && (
              <FitTab options={options} update={update} budgetPacking={budgetPacking} />
            )}
            {tab === 'chunking' && <ChunkingTab options={options} update={update} />}
            {tab === 'gitignore' && <GitignoreTab options={options} update={update} />}
            {tab === 'secrets' && <SecretsTab options={options} update={update} />}
          </div>
        </div>
      )}
    </section>
  );
}
