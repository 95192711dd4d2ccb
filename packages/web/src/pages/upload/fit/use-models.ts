import { MODELS, toModelRow, type ModelRow } from '@repobundle/contract';
import { useModels as useModelsQuery } from '../../../api/queries.js';

/** The models the built app knows, shown while GET /api/models loads or when it fails. */
const BUILT_IN: ModelRow[] = MODELS.map(toModelRow);

/** The models a job may target, the built-in list standing in until the server's arrives. */
export function useModels(): { models: ModelRow[]; loading: boolean } {
  const query = useModelsQuery();
  return { models: query.data?.models ?? BUILT_IN, loading: query.isPending };
}
