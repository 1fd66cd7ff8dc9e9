import { DISCOVERY_LIMITS } from '@dinebuds/contracts';
import { useRestaurantSearch } from '../api/search-restaurants';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;
/** A few are enough to recognise the place; the sheet must stay short on a phone. */
const MAX_SUGGESTIONS = 5;

export interface ExistingPlace {
  name: string;
  address: string;
}

interface ExistingPlaceSuggestionsProps {
  /** What the person typed as the restaurant's name. */
  text: string;
  onPick: (place: ExistingPlace) => void;
}

/**
 * Issue #25: while a name is typed in the add-review sheet, the places already known that match
 * it (the restaurant search: typos tolerated, buds' favourites first). Picking one fills in its
 * exact name and address, so the review attaches to that place instead of creating a near-duplicate.
 */
export function ExistingPlaceSuggestions({ text, onPick }: ExistingPlaceSuggestionsProps) {
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useRestaurantSearch(debounced);
  if (debounced.length < DISCOVERY_LIMITS.searchQueryMin) return null;
  if (search.isError)
    return (
      <p className="existing-places__hint" role="status">
        Could not look up existing places; you can still add a new one.
      </p>
    );
  const matches = (search.data ?? []).slice(0, MAX_SUGGESTIONS);
  if (matches.length === 0) return null;
  return (
    <div className="existing-places">
      <p className="existing-places__hint" id="existing-places-hint">
        Already on DineBuds? Pick it to add your review to its page:
      </p>
      <ul className="existing-places__list" aria-labelledby="existing-places-hint">
        {matches.map((place) => (
          <li key={place.id}>
            <button
              type="button"
              className="existing-places__item"
              onClick={() => onPick({ name: place.name, address: place.address })}
            >
              <span className="existing-places__name">{place.name}</span>
              <span className="existing-places__address">{place.address}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
