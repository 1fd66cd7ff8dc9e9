import { X } from 'lucide-react';
import { cityLabel, LIMITS, REGISTRATION_POPULAR_CITIES } from '@dinebuds/contracts';
import { CitySearch } from '@/components/city-search';
import { ToggleChip } from '@/components/ui/chip';
import type { PreferenceSelection } from '../hooks/use-preference-selection';

interface CityPreferencesTabProps {
  selection: PreferenceSelection;
  disabled?: boolean;
}

export function CityPreferencesTab({ selection, disabled }: CityPreferencesTabProps) {
  const { cities, toggleCity, addCity, isCitySelected } = selection;
  return (
    <div className="stack">
      <section aria-labelledby="selected-cities-title">
        <h3 className="section-title" id="selected-cities-title">
          Your Cities ({cities.length}/{LIMITS.registrationCitiesMax})
        </h3>
        {cities.length === 0 ? (
          <p className="muted">No cities selected yet. Search for a city or pick a popular one below.</p>
        ) : (
          <ul className="selected-list" aria-label="Selected cities">
            {cities.map((city) => (
              <li key={city} className="selected-list__item">
                <span>{city}</span>
                <button
                  type="button"
                  className="icon-button icon-button--sm"
                  aria-label={`Remove ${city}`}
                  onClick={() => toggleCity(city)}
                  disabled={disabled}
                >
                  <X aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <CitySearch label="Search cities" onAdd={addCity} minChars={2} disabled={disabled} />

      <section aria-labelledby="popular-cities-title">
        <h3 className="section-title" id="popular-cities-title">
          Popular Cities
        </h3>
        <div className="chip-grid chip-grid--columns">
          {REGISTRATION_POPULAR_CITIES.map((city) => (
            <ToggleChip
              key={city}
              selected={isCitySelected(city)}
              onToggle={() => toggleCity(city)}
              disabled={disabled}
            >
              {cityLabel(city)}
            </ToggleChip>
          ))}
        </div>
      </section>
    </div>
  );
}
