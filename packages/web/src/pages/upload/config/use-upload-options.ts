import { useCallback, useEffect, useState } from 'react';
import { allowedFormat, DEFAULT_OPTIONS, type UploadOptions } from './job-fields.js';

/**
 * The configuration panel's state; the format follows the plan's allowed formats. `initial`
 * brings back options chosen earlier (on the demo page).
 */
export function useUploadOptions(
  allowedFormats: readonly string[] | undefined,
  initial: UploadOptions = DEFAULT_OPTIONS,
) {
  const [options, setOptions] = useState<UploadOptions>(initial);
  // The list's content, not its identity: a new array with the same formats is no change.
  const allowedKey = allowedFormats ? allowedFormats.join(',') : null;

  useEffect(() => {
    if (allowedKey === null) return;
    const formats = allowedKey === '' ? [] : allowedKey.split(',');
    setOptions((current) => {
      const format = allowedFormat(current.outputFormat, formats);
      return format === current.outputFormat ? current : { ...current, outputFormat: format };
    });
  }, [allowedKey]);

  const update = useCallback(
    <K extends keyof UploadOptions>(key: K, value: UploadOptions[K]) =>
      setOptions((current) => ({ ...current, [key]: value })),
    [],
  );
  return { options, update, setOptions };
}

export type UpdateOption = ReturnType<typeof useUploadOptions>['update'];
