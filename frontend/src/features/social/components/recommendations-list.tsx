import { PartyPopper } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useRecommendations } from '../api/get-recommendations';
import { RecommendationCard } from './recommendation-card';
import { SectionHeading } from './section-heading';

/** The alternate Social screen's Recommended view (GET /api/users/recommended). */
export function RecommendationsList() {
  const recommendations = useRecommendations();
  return (
    <section className="stack stack--tight" aria-labelledby="recommendations-title">
      <SectionHeading
        id="recommendations-title"
        title="Friend Recommendations"
        description="Friends with similar dining experiences"
      />
      {recommendations.isPending ? (
        <div className="state state--compact">
          <Spinner label="Finding great food buds" />
          <p className="muted">Finding great food buds...</p>
        </div>
      ) : recommendations.isError ? (
        <ErrorState
          compact
          title="Couldn't load recommendations"
          message={recommendations.error.message}
          onRetry={() => void recommendations.refetch()}
          retrying={recommendations.isFetching}
        />
      ) : recommendations.data.length === 0 ? (
        <EmptyState
          compact
          icon={<PartyPopper />}
          title="All caught up!"
          description="No new buds to suggest right now. Add FlavorBuds and CityBuds, or follow more people, to get more."
        />
      ) : (
        <ul className="rec-grid" aria-label="Recommended buds">
          {recommendations.data.map((recommendation) => (
            <RecommendationCard key={recommendation.user.id} recommendation={recommendation} />
          ))}
        </ul>
      )}
    </section>
  );
}
