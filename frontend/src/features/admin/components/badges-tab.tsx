import { Tabs } from '@/components/ui/tabs';
import { toast } from 'sonner';
import type { AdminBadgeDto, CityTierDto } from '@dinebuds/contracts';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { pluralize } from '@/lib/format';
import { useAdminBadges } from '../api/get-admin-badges';
import { useRenameBadge, useSetTierThreshold } from '../api/update-badges';
import { badgeNameProblem, thresholdOf, thresholdProblem } from './badge-rules';
import { InlineEdit } from './inline-edit';

/**
 * Spec 2 Badges tab: FlavorBuds and CityBuds with real holder counts; badge names and the CityBud
 * tier minimums edited inline and saved on the server (identity recomputes city badge levels).
 */
export function BadgesTab() {
  const badges = useAdminBadges();
  if (badges.isPending) return <LoadingState label="Loading badges" />;
  if (badges.isError) {
    return (
      <ErrorState
        title="Failed to fetch badges"
        message={badges.error.message}
        onRetry={() => void badges.refetch()}
        retrying={badges.isFetching}
      />
    );
  }
  return (
    <Tabs.Root className="tabs" defaultValue="flavor">
      <Tabs.List className="tabs__list admin__subtabs" aria-label="Badge kinds">
        <Tabs.Trigger className="tabs__trigger" value="flavor">
          FlavorBuds ({badges.data.flavor.length})
        </Tabs.Trigger>
        <Tabs.Trigger className="tabs__trigger" value="city">
          CityBuds ({badges.data.city.length})
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="flavor" className="admin__panel">
        <BadgeList title="FlavorBuds" badges={badges.data.flavor} />
      </Tabs.Content>
      <Tabs.Content value="city" className="admin__panel admin-badges">
        <BadgeList title="CityBuds" badges={badges.data.city} />
        <TierTable tiers={badges.data.tiers} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function BadgeList({ title, badges }: { title: string; badges: AdminBadgeDto[] }) {
  const rename = useRenameBadge();
  const save = async (badge: AdminBadgeDto, draft: string) => {
    try {
      await rename.mutateAsync({ kind: badge.kind, id: badge.id, name: draft.trim() });
      toast.success('Success', { description: 'Badge name updated' });
      return true;
    } catch (error) {
      toast.error('Failed to update badge name', { description: (error as Error).message });
      return false;
    }
  };
  return (
    <div className="admin__table-wrap">
      <table className="admin-table">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">Badge</th>
            <th scope="col">Name</th>
            <th scope="col">Holders</th>
          </tr>
        </thead>
        <tbody>
          {badges.map((badge) => (
            <tr key={badge.id}>
              <td data-label="Badge">{badge.id}</td>
              <td data-label="Name">
                <InlineEdit
                  label={`name of ${badge.name}`}
                  value={badge.name}
                  pending={rename.isPending && rename.variables?.id === badge.id}
                  validate={badgeNameProblem}
                  onSave={(draft) => save(badge, draft)}
                />
              </td>
              <td data-label="Holders">{pluralize(badge.holders, 'user')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TierTable({ tiers }: { tiers: CityTierDto[] }) {
  const setThreshold = useSetTierThreshold();
  const save = async (tier: CityTierDto, draft: string) => {
    try {
      await setThreshold.mutateAsync({ level: tier.level, minReviews: thresholdOf(draft) });
      toast.success('Success', { description: `${tier.name} tier threshold updated` });
      return true;
    } catch (error) {
      toast.error('Failed to update tier threshold', { description: (error as Error).message });
      return false;
    }
  };
  return (
    <section className="admin-tiers" aria-labelledby="admin-tiers-title">
      <h2 id="admin-tiers-title" className="admin-tiers__title">
        Tier thresholds
      </h2>
      <div className="admin__table-wrap">
        <table className="admin-table">
          <caption className="sr-only">CityBud tiers</caption>
          <thead>
            <tr>
              <th scope="col">Tier</th>
              <th scope="col">Minimum reviews</th>
              <th scope="col">Badges at this tier</th>
            </tr>
          </thead>
          <tbody>
            {tiers.map((tier) => (
              <tr key={tier.level}>
                <td data-label="Tier">
                  <span className="admin-tier">
                    <span className="badge__tier" style={{ background: tier.color }} aria-hidden="true" />
                    {tier.name}
                  </span>
                </td>
                <td data-label="Minimum reviews">
                  <InlineEdit
                    label={`minimum reviews of ${tier.name}`}
                    type="number"
                    value={String(tier.minReviews)}
                    pending={setThreshold.isPending && setThreshold.variables?.level === tier.level}
                    validate={thresholdProblem}
                    onSave={(draft) => save(tier, draft)}
                  />
                </td>
                <td data-label="Badges at this tier">{tier.holders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
