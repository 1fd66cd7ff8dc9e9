import { useSearchParams } from 'react-router-dom';
import { Tabs } from '@/components/ui/tabs';
import { Compass, Sparkles } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { DiscoverTab } from './discover-tab';
import { RecommendationsTab } from './recommendations-tab';
import '../discover.css';

type DiscoverMode = 'discover' | 'recommendations';

/** /discover (spec 2 §2): Discover / Recommendations, the open one kept in the address (?tab=). */
export function DiscoverScreen() {
  const [params, setParams] = useSearchParams();
  const tab: DiscoverMode = params.get('tab') === 'recommendations' ? 'recommendations' : 'discover';
  useDocumentTitle(tab === 'discover' ? 'Discover' : 'Recommendations');
  const setTab = (next: DiscoverMode) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'discover') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <div className="page discover">
      <PageHeader
        title={tab === 'discover' ? 'Discover' : 'Recommendations'}
        description={
          tab === 'discover'
            ? 'Find top-rated restaurants from your buds'
            : 'Personalized restaurant suggestions based on your taste'
        }
      />
      <Tabs.Root className="tabs" value={tab} onValueChange={(value) => setTab(value as DiscoverMode)}>
        <Tabs.List className="tabs__list tabs__list--full" aria-label="Discover or Recommendations">
          <Tabs.Trigger className="tabs__trigger" value="discover">
            <Compass aria-hidden="true" />
            Discover
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="recommendations">
            <Sparkles aria-hidden="true" />
            Recommendations
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="discover" className="tabs__content">
          <DiscoverTab />
        </Tabs.Content>
        <Tabs.Content value="recommendations" className="tabs__content">
          <RecommendationsTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
