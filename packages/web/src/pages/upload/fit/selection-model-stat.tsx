import type { SelectionEstimate } from '../rules/estimate.js';
import type { UploadOptions } from '../config/job-fields.js';
import { chosenBudget } from './fit-options.js';
import { ModelStat } from './model-stat.js';
import { useModels } from './use-models.js';

/** The summary bar's model figure for the chosen options; nothing without a target model. */
export function SelectionModelStat({
  options,
  estimate,
}: {
  options: UploadOptions;
  estimate: SelectionEstimate;
}) {
  const { models } = useModels();
  const model = models.find((row) => row.id === options.targetModel);
  if (!model) return null;
  return (
    <ModelStat
      model={model}
      o200kTokens={estimate.tokens}
      counted={estimate.tokensExact}
      budget={chosenBudget(options.fit, options.targetModel)}
    />
  );
}
