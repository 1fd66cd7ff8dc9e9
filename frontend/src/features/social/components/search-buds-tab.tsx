import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ToggleGroup } from 'radix-ui';
import { Search, Sparkles, Users, X } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { RecommendationsList } from './recommendations-list';
import { AllUsersList, SearchResults } from './user-results';

/** Spec 2 §5: typing searches 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

type BrowseView = 'all' | 'recommended';

/**
 * Search Buds: a search box; while it is empty, All Users (spec 2 Social screen) or Friend
 * Recommendations (the alternate Social screen), chosen with a toggle kept in the address.
 */
export function SearchBudsTab() {
  const inputId = useId();
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const [params, setParams] = useSearchParams();
  const view: BrowseView = params.get('view') === 'recommended' ? 'recommended' : 'all';
  const setView = (next: BrowseView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete('view');
        else updated.set('view', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <div className="stack">
      <div className="search-field" role="search">
        <label htmlFor={inputId} className="sr-only">
          Search buds by name or username
        </label>
        <Search className="search-field__icon" aria-hidden="true" />
        <Input
          id={inputId}
          type="search"
          className="search-field__input"
          placeholder="Search by name or username..."
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && text) {
              event.preventDefault();
              setText('');
            }
          }}
        />
        {trimmed && trimmed !== debounced ? (
          <Spinner size="sm" className="search-field__busy" label="Searching" />
        ) : null}
        {text ? (
          <button
            type="button"
            className="icon-button icon-button--sm search-field__clear"
            aria-label="Clear search"
            onClick={() => setText('')}
          >
            <X aria-hidden="true" />
          </button>
        ) : null}
      </div>

      {trimmed ? (
        // Until the first debounced search answers, the previous view is not worth showing.
        debounced ? (
          <SearchResults text={debounced} />
        ) : null
      ) : (
        <>
          <ToggleGroup.Root
            type="single"
            className="segmented"
            aria-label="Show"
            value={view}
            onValueChange={(value) => (value ? setView(value as BrowseView) : undefined)}
          >
            <ToggleGroup.Item value="recommended" className="segmented__item">
              <Sparkles aria-hidden="true" />
              Recommended
            </ToggleGroup.Item>
            <ToggleGroup.Item value="all" className="segmented__item">
              <Users aria-hidden="true" />
              All Users
            </ToggleGroup.Item>
          </ToggleGroup.Root>
          {view === 'recommended' ? <RecommendationsList /> : <AllUsersList />}
        </>
      )}
    </div>
  );
}
