import { useState } from 'react';
import { Tabs } from '@/components/ui/tabs';
import { ArrowLeft, ArrowRight, MapPin, Utensils } from 'lucide-react';
import { LIMITS } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { PreferenceSelection } from '../hooks/use-preference-selection';
import { CityPreferencesTab } from './city-preferences-tab';
import { FlavorPreferencesTab } from './flavor-preferences-tab';

type PreferencesTab = 'flavors' | 'cities';

interface PreferencesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selection: PreferenceSelection;
  saving: boolean;
  onComplete: () => void;
}

export function PreferencesDialog({
  open,
  onOpenChange,
  selection,
  saving,
  onComplete,
}: PreferencesDialogProps) {
  const [tab, setTab] = useState<PreferencesTab>('flavors');
  const nothingSelected = selection.flavors.length === 0 && selection.cities.length === 0;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Build Your DineBuds Profile"
      description="Tell your buds what you love to eat and where you love to eat it."
      size="lg"
      dismissible={!saving}
      footer={
        tab === 'flavors' ? (
          <>
            <p className="dialog__counter" aria-live="polite">
              Selected: {selection.flavors.length}/{LIMITS.registrationFlavorsMax}
            </p>
            <Button onClick={() => setTab('cities')}>
              Next: Choose Cities
              <ArrowRight aria-hidden="true" />
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={() => setTab('flavors')} disabled={saving}>
              <ArrowLeft aria-hidden="true" />
              Back to Flavors
            </Button>
            <Button onClick={onComplete} disabled={saving || nothingSelected} aria-busy={saving || undefined}>
              {saving ? 'Saving...' : 'Complete Profile'}
            </Button>
          </>
        )
      }
    >
      <Tabs.Root className="tabs" value={tab} onValueChange={(value) => setTab(value as PreferencesTab)}>
        <Tabs.List className="tabs__list" aria-label="Preferences">
          <Tabs.Trigger className="tabs__trigger" value="flavors">
            <Utensils aria-hidden="true" />
            Flavor Preferences
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="cities">
            <MapPin aria-hidden="true" />
            City Preferences
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content className="tabs__content" value="flavors">
          <FlavorPreferencesTab selection={selection} />
        </Tabs.Content>
        <Tabs.Content className="tabs__content" value="cities">
          <CityPreferencesTab selection={selection} disabled={saving} />
        </Tabs.Content>
      </Tabs.Root>
    </Dialog>
  );
}
