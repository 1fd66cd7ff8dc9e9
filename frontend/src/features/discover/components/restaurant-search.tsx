import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DISCOVERY_LIMITS } from '@dinebuds/contracts';
import { ErrorState } from '@/components/ui/states';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useRestaurantSearch } from '@/features/reviews';
import { SearchBox } from './search-box';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Restaurant search on Discover (issue #25): name, cuisine or address words, typos tolerated, my
 * buds' favourites first; each match links to its page.
 */
export function RestaurantSearch() {
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const search = useRestaurantSearch(debounced);
  const active = debounced.length >= DISCOVERY_LIMITS.searchQueryMin;

  return (
    <div className="restaurant-search">
      <SearchBox
        label="Search restaurants"
        placeholder="Search restaurants by name, cuisine or address..."
        value={text}
        onChange={setText}
        maxLength={DISCOVERY_LIMITS.searchQueryMax}
        busy={trimmed !== debounced || (active && search.isFetching)}
      />
      {trimmed.length > 0 && trimmed.length < DISCOVERY_LIMITS.searchQueryMin ? (
        <p className="discover-hint">Type at least {DISCOVERY_LIMITS.searchQueryMin} characters to search</p>
      ) : null}
      {active && trimmed ? (
        search.isError ? (
          <ErrorState
            compact
            title="Search failed"
            message={search.error.message}
            onRetry={() => void search.refetch()}
          />
        ) : search.data ? (
          search.data.length === 0 ? (
            <p className="discover-hint" role="status">
              No restaurants match &ldquo;{debounced}&rdquo;
            </p>
          ) : (
            <ul className="restaurant-search__results" aria-label="Restaurant matches">
              {search.data.map((item) => (
                <li key={item.id} className="restaurant-search__item">
                  <Link to={`/restaurants/${item.id}`} className="restaurant-search__name">
                    {item.name}
                  </Link>
                  <span className="restaurant-search__address">{item.address}</span>
                  <span className="restaurant-search__meta">
                    {item.cuisine ? <span>{item.cuisine}</span> : null}
                    {item.averageRating !== null ? (
                      <span>
                        {item.averageRating.toFixed(1)} ★ ({item.totalReviews})
                      </span>
                    ) : (
                      <span>No reviews yet</span>
                    )}
                    {item.budFavoriteCount > 0 ? (
                      <span className="tag">
                        {item.budFavoriteCount}{' '}
                        {item.budFavoriteCount === 1 ? 'bud favourite' : 'buds’ favourite'}
                      </span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )
        ) : null
      ) : null}
    </div>
  );
}
