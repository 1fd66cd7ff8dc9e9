import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { MapPin, Utensils } from 'lucide-react';
import { toast } from 'sonner';
import type { CityBadgeDto, CityTierLevel, FlavorBadgeDto } from '@dinebuds/contracts';
import { cityKey, cityLabel, FLAVOR_IDS, LIMITS } from '@dinebuds/contracts';
import { CitySearch } from '@/components/city-search';
import { FlavorOptions } from '@/components/flavor-options';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ToggleChip } from '@/components/ui/chip';
import { useSaveBadges } from '../api/save-badges';
import { useBadgeSelection } from '../hooks/use-badge-selection';

interface BadgeEditorProps {
  userId: number;
  flavorBadges: FlavorBadgeDto[];
  cityBadges: CityBadgeDto[];
}

export function BadgeEditor({ userId, flavorBadges, cityBadges }: BadgeEditorProps) {
  const navigate = useNavigate();
  const save = useSaveBadges(userId);
  const selection = useBadgeSelection({
    // Ignore badges the catalogue no longer offers; they would fail validation on save.
    flavors: flavorBadges.map((b) => b.badgeId).filter((id) => FLAVOR_IDS.includes(id)),
    cities: cityBadges.map((b) => cityLabel(b.city)),
  });
  const currentLevels = useMemo(
    () => new Map<string, CityTierLevel>(cityBadges.map((b) => [cityKey(b.city), b.level])),
    [cityBadges],
  );

  const onSave = () =>
    save.mutate(
      { flavors: selection.flavors, cities: selection.cities, currentLevels },
      {
        onSuccess: () => {
          toast.success('Badges Updated', { description: 'Your FlavorBuds and CityBuds have been saved.' });
          void navigate('/profile');
        },
        onError: (error) => toast.error('Failed to update your badges', { description: error.message }),
      },
    );

  return (
    <>
      <Card aria-labelledby="edit-flavors-title">
        <CardHeader
          id="edit-flavors-title"
          title="FlavorBuds"
          icon={<Utensils />}
          description={`Pick up to ${LIMITS.flavorBadgesMax} flavors, cuisines, styles or dietary needs.`}
          action={
            <span className="counter-pill" aria-live="polite">
              {selection.flavors.length}/{LIMITS.flavorBadgesMax} selected
            </span>
          }
        />
        <FlavorOptions selected={selection.flavors} onToggle={selection.toggleFlavor} />
      </Card>

      <Card aria-labelledby="edit-cities-title">
        <CardHeader
          id="edit-cities-title"
          title="CityBuds"
          icon={<MapPin />}
          description={`Pick up to ${LIMITS.cityBadgesMax} cities you love to eat in, or add your own.`}
          action={
            <span className="counter-pill" aria-live="polite">
              {selection.cities.length}/{LIMITS.cityBadgesMax} selected
            </span>
          }
        />
        <div className="chip-grid chip-grid--columns" role="group" aria-label="City options">
          {selection.cityOptions.map((city) => (
            <ToggleChip
              key={city}
              selected={selection.isCitySelected(city)}
              onToggle={() => selection.toggleCity(city)}
            >
              {city}
            </ToggleChip>
          ))}
        </div>
        <CitySearch
          label="Add a city"
          placeholder="Search any city..."
          onAdd={selection.addCustomCity}
          minChars={2}
          debounceMs={300}
          addLabel="Add City"
          disableAddWhenBlank={false}
        />
      </Card>

      <div className="sticky-actions">
        <Button variant="outline" onClick={() => void navigate('/profile')} disabled={save.isPending}>
          Cancel
        </Button>
        <Button onClick={onSave} loading={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Badges'}
        </Button>
      </div>
    </>
  );
}
