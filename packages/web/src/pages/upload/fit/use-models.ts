import { MODELS, toModelRow, type ModelRow, type ModelsResponse } from '@repobundle/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.js';

/** The models the built app knows, shown while GET /api/models loads or when it fails. */
const BUILT_IN: ModelRow[] = MODELS.map(toModelRow);

/** GET /api/models: the models a job may target, with tokenizer and context window. */
export function useModels(): { models: ModelRow[]; loading: boolean } {
  const query = useQuery({
    queryKey: ['models'],
    queryFn: () => api.get<ModelsResponse>('/api/models', { anonymous: true }),
    staleTime: Infinity,
    retry: 1,
    refetchOnWindowFocus: false,
  });
  return { models: query.data?.models ?? BUILT_IN, loading: query.isPending };
}
