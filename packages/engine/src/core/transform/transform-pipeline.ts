import type { FileStageOptions } from '../../config/options.js';
import { addLineNumbersTransform } from './add-line-numbers.js';
import { compressTransform } from './compress/compress-transform.js';
import { notebookTransform } from './notebook/notebook-transform.js';
import { removeBlankLinesTransform } from './remove-blank-lines.js';
import { removeCommentsTransform } from './remove-comments/remove-comments-transform.js';
import { redactSecretsTransform } from './secrets/redact-secrets-transform.js';
import type { Transform, TransformContext } from './transform.js';

/**
 * The transform steps in their fixed order: notebooks, comment removal, compression, blank
 * lines, secret redaction, line numbers. Notebook conversion, comment removal and redaction are
 * added here by their own modules; line numbers stay last because every other step changes lines.
 */
export const TRANSFORMS: readonly Transform[] = [
  notebookTransform,
  removeCommentsTransform,
  compressTransform,
  removeBlankLinesTransform,
  redactSecretsTransform,
  addLineNumbersTransform,
];

export function enabledTransforms(
  options: FileStageOptions,
  transforms: readonly Transform[] = TRANSFORMS,
): Transform[] {
  return transforms.filter((transform) => transform.isEnabled(options));
}

export async function applyTransforms(
  text: string,
  transforms: readonly Transform[],
  context: TransformContext,
): Promise<string> {
  let result = text;
  for (const transform of transforms) {
    result = await transform.apply(result, context);
  }
  return result;
}
