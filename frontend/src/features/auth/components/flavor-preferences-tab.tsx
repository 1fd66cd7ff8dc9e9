import { LIMITS } from '@dinebuds/contracts';
import { FlavorOptions } from '@/components/flavor-options';
import type { PreferenceSelection } from '../hooks/use-preference-selection';

export function FlavorPreferencesTab({ selection }: { selection: PreferenceSelection }) {
  return (
    <div className="stack">
      <p className="muted">
        Pick up to {LIMITS.registrationFlavorsMax} flavors, cuisines, styles or dietary needs that describe
        how you eat.
      </p>
      <FlavorOptions selected={selection.flavors} onToggle={selection.toggleFlavor} />
    </div>
  );
}
