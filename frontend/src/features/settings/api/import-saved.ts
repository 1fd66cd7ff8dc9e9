import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportSavedResponse } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { savedRestaurantsQueryKeyAll } from '@/features/reviews';

export const importSaved = (text: string) =>
  api.post<ImportSavedResponse>('/api/saved-restaurants/import', { text });

export function useImportSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSaved,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedRestaurantsQueryKeyAll }),
  });
}
