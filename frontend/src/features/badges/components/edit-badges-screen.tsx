import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/ui/states';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/features/auth';
import { useCityBadges } from '../api/get-city-badges';
import { useFlavorBadges } from '../api/get-flavor-badges';
import { BadgeEditor } from './badge-editor';
import '../badges.css';

export function EditBadgesScreen() {
  useDocumentTitle('Edit Badges');
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return <EditBadgesForUser userId={user.id} />;
}

function EditBadgesForUser({ userId }: { userId: number }) {
  const flavorBadges = useFlavorBadges(userId);
  const cityBadges = useCityBadges(userId);

  let content;
  if (flavorBadges.isPending || cityBadges.isPending) {
    content = <PageSpinner label="Loading your badges" />;
  } else if (flavorBadges.isError || cityBadges.isError) {
    const error = flavorBadges.error ?? cityBadges.error;
    content = (
      <ErrorState
        title="Failed to load your badges"
        message={error?.message}
        retrying={flavorBadges.isFetching || cityBadges.isFetching}
        onRetry={() => {
          if (flavorBadges.isError) void flavorBadges.refetch();
          if (cityBadges.isError) void cityBadges.refetch();
        }}
      />
    );
  } else {
    content = <BadgeEditor userId={userId} flavorBadges={flavorBadges.data} cityBadges={cityBadges.data} />;
  }

  return (
    <div className="page">
      <PageHeader
        title="Edit Badges"
        description="Choose the FlavorBuds and CityBuds shown on your profile."
        back="/profile"
      />
      {content}
    </div>
  );
}
