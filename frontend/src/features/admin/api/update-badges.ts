import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBadgeDto, BadgeKind, CityTierDto, CityTierLevel } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { adminBadgesQueryKey } from './get-admin-badges';
import { auditLogQueryKey } from './get-audit-log';

/** PATCH /api/admin/badges/{kind}/{id}: a badge's new name. */
export const renameBadge = (kind: BadgeKind, id: string, name: string) =>
  api.patch<AdminBadgeDto>(`/api/admin/badges/${kind}/${encodeURIComponent(id)}`, { name });

/** PATCH /api/admin/badges/tiers/{level}: a CityBud tier's minimum reviews. */
export const setTierThreshold = (level: CityTierLevel, minReviews: number) =>
  api.patch<CityTierDto[]>(`/api/admin/badges/tiers/${level}`, { minReviews });

function useBadgeMutation<Args>(run: (args: Args) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminBadgesQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
}

export const useRenameBadge = () =>
  useBadgeMutation(({ kind, id, name }: { kind: BadgeKind; id: string; name: string }) =>
    renameBadge(kind, id, name),
  );

export const useSetTierThreshold = () =>
  useBadgeMutation(({ level, minReviews }: { level: CityTierLevel; minReviews: number }) =>
    setTierThreshold(level, minReviews),
  );
