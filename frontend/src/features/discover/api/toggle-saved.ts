import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ToggleSaveResponse } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { activityQueryKeyAll, savedRestaurantsQueryKeyAll, useSavedRestaurants } from '@/features/reviews';
import { api } from '@/lib/api';

export const toggleSaved = (restaurantId: number) =>
  api.post<ToggleSaveResponse>(`/api/restaurants/${restaurantId}/toggle-save`);

export interface SaveTarget {
  id: number;
  name: string;
}

/**
 * Save / unsave from Discover, Recommendations and the feed. What is saved comes from my saved
 * list (one request for the whole screen), so a ranked entry needs no per-place call. A tap flips
 * the button at once, then takes the server's answer (spec 2 §4), and reverts on failure, with the
 * spec's toasts: "Restaurant saved" / "Restaurant removed from saved list" with the name.
 */
export function useSaveToggle() {
  const queryClient = useQueryClient();
  const me = useCurrentUser().data ?? null;
  const saved = useSavedRestaurants(me?.id ?? 0, me !== null);
  const [overrides, setOverrides] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const savedIds = useMemo(
    () => new Set((saved.data ?? []).map((entry) => entry.restaurantId)),
    [saved.data],
  );

  const setOverride = (id: number, value: boolean | undefined) =>
    setOverrides((current) => {
      const next = new Map(current);
      if (value === undefined) next.delete(id);
      else next.set(id, value);
      return next;
    });
  const setBusy = (id: number, busy: boolean) =>
    setPending((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const mutation = useMutation({ mutationFn: (target: SaveTarget) => toggleSaved(target.id) });

  /** `fallback`: what the list itself said (recommendations carry isSaved) until my list is in. */
  const isSaved = (id: number, fallback = false) =>
    overrides.get(id) ?? (saved.data ? savedIds.has(id) : fallback);

  const toggle = (target: SaveTarget, fallback = false) => {
    if (!me) {
      toast.error('Login required', { description: 'Please log in to save restaurants' });
      return;
    }
    const before = isSaved(target.id, fallback);
    setOverride(target.id, !before);
    setBusy(target.id, true);
    mutation.mutate(target, {
      onSuccess: (answer) => {
        setOverride(target.id, answer.isSaved);
        if (answer.isSaved) toast.success('Restaurant saved', { description: target.name });
        else toast.success('Restaurant removed from saved list', { description: target.name });
        void queryClient.invalidateQueries({ queryKey: savedRestaurantsQueryKeyAll });
        void queryClient.invalidateQueries({ queryKey: activityQueryKeyAll });
      },
      onError: () => {
        setOverride(target.id, before);
        toast.error('Error', { description: 'Failed to update saved status' });
      },
      onSettled: () => setBusy(target.id, false),
    });
  };

  return { isSaved, toggle, isPending: (id: number) => pending.has(id) };
}
