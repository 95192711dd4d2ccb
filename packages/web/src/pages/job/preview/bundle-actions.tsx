import { useState } from 'react';
import type { JobFile } from '../../../api/types.js';
import { Button } from '../../../components/ui/button.js';
import { Icon } from '../../../components/ui/icons.js';
import { JobIcon } from '../job-icons.js';
import { COPIED_MS, copyText, saveText } from '../file-actions.js';
import { formatBytes, plural } from '../../../lib/format.js';
import { bundleFileName, bundleParts, CLIPBOARD_COMFORT_BYTES, joinChunks } from './bundle-text.js';
import styles from './bundle-actions.module.css';

/**
 * The whole bundle in one action: every chunk in order, copied to the clipboard or saved as one
 * file, beside the per-chunk actions of the browser below.
 */
export function BundleActions({
  jobId,
  files,
  load,
}: {
  jobId: string;
  files: readonly JobFile[];
  load(path: string): Promise<string>;
}) {
  const parts = bundleParts(files);
  const bytes = parts.reduce((sum, file) => sum + file.size, 0);
  const [state, setState] = useState<'idle' | 'loading' | 'copied' | 'failed'>('idle');
  if (parts.length === 0) return null;
  const large = bytes > CLIPBOARD_COMFORT_BYTES;

  const text = async () => joinChunks(await Promise.all(parts.map((file) => load(file.path))));
  const copyAll = async () => {
    setState('loading');
    try {
      await copyText(await text());
      setState('copied');
      window.setTimeout(() => setState('idle'), COPIED_MS);
    } catch (error) {
      console.error('Copy all failed', error);
      setState('failed');
    }
  };
  const downloadAll = async () => {
    try {
      saveText(await text(), bundleFileName(jobId, parts));
    } catch (error) {
      console.error('Download failed', error);
      setState('failed');
    }
  };

  return (
    <div className={styles.actions} role="group" aria-label="Whole bundle">
      <div className={styles.text}>
        <strong>Whole bundle</strong>
        <span className="faint">
          {plural(parts.length, 'chunk')} in order · {formatBytes(bytes)}
        </span>
        {large && (
          <span className={styles.warning} role="note">
            {formatBytes(bytes)} is a lot for a clipboard: some apps cut or stall on a paste this
            big. Downloading one file is safer.
          </span>
        )}
        {state === 'failed' && (
          <span className="text-danger" role="alert">
            The browser did not allow the copy. Try Download as one file.
          </span>
        )}
      </div>
      <div className={styles.buttons}>
        <Button
          variant={large ? 'secondary' : 'primary'}
          size="sm"
          loading={state === 'loading'}
          onClick={() => void copyAll()}
        >
          {state === 'copied' ? <Icon name="check" size={15} /> : <JobIcon name="copy" size={15} />}
          {state === 'copied' ? 'Copied' : 'Copy all'}
        </Button>
        <Button
          variant={large ? 'primary' : 'secondary'}
          size="sm"
          onClick={() => void downloadAll()}
        >
          <Icon name="download" size={15} />
          Download as one file
        </Button>
      </div>
    </div>
  );
}
