import type { UploadOptions } from '../config/job-fields.js';
import type { SelectionFigures } from '../use-selection-estimate.js';
import { chosenBudget } from './fit-options.js';
import { ModelStat } from './model-stat.js';
import { useModels } from './use-models.js';

/** The summary bar's model figure for the chosen options; nothing without a target model. */
export function SelectionModelStat({
  options,
  estimate,
}: {
  options: UploadOptions;
  estimate: SelectionFigures;
}) {
  const { models } = useModels();
  const model = models.find((row) => row.id === options.targetModel);
  if (!model) return null;
  // Counted with the model's own tokenizer when the workers could load it.
  const own = estimate.modelTokens?.tokenizer === model.tokenizer ? estimate.modelTokens : null;
  return (
    <ModelStat
      model={model}
      o200kTokens={estimate.tokens}
      ownTokens={own?.tokens ?? null}
      counted={own ? own.exact : estimate.tokensExact}
      budget={chosenBudget(options.fit, options.targetModel)}
    />
  );
}
