import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { MapPin, Plus, Search } from 'lucide-react';
import { CITY_SUGGESTIONS_MAX, searchCities, type CatalogueCity } from '@dinebuds/contracts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { Button } from './ui/button';
import { Input } from './ui/input';

interface CitySearchProps {
  label: string;
  placeholder?: string;
  /** Adds the chosen city (a suggestion's name or the typed text); return false to keep the text. */
  onAdd: (city: string) => boolean | void;
  /** Suggestions appear once the trimmed query has at least this many characters. */
  minChars?: number;
  debounceMs?: number;
  addLabel?: string;
  disabled?: boolean;
  /** Keep the Add button disabled while the box is blank (registration); else `onAdd('')` explains. */
  disableAddWhenBlank?: boolean;
}

/**
 * A combobox over the city catalogue: suggestions in a dropdown (at most 10), arrow keys to move,
 * Enter to add (the highlighted suggestion, else the typed text), Escape or a click outside to
 * close, and an Add button that stays disabled while the box is blank.
 */
export function CitySearch({
  label,
  placeholder = 'Search any city...',
  onAdd,
  minChars = 2,
  debounceMs = 0,
  addLabel = 'Add',
  disabled,
  disableAddWhenBlank = true,
}: CitySearchProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const containerRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(query, debounceMs);
  const effective = debounceMs > 0 ? debounced : query;

  const suggestions: CatalogueCity[] = useMemo(
    () => (effective.trim().length >= minChars ? searchCities(effective, CITY_SUGGESTIONS_MAX) : []),
    [effective, minChars],
  );
  const showList = open && suggestions.length > 0 && query.trim().length >= minChars;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (containerRef.current && !containerRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => setActive(-1), [suggestions]);

  const add = (city: string) => {
    const name = city.trim();
    const accepted = onAdd(name);
    if (accepted !== false) {
      setQuery('');
      setOpen(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = showList && active >= 0 ? suggestions[active]?.name : query;
      add(chosen ?? query);
    } else if (event.key === 'Escape') {
      if (showList) {
        // Close the list only; a surrounding dialog stays open.
        event.preventDefault();
        event.stopPropagation();
      }
      setOpen(false);
    }
  };

  return (
    <div className="city-search" ref={containerRef}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="city-search__row">
        <div className="city-search__box">
          <Search className="city-search__icon" aria-hidden="true" />
          <Input
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
            placeholder={placeholder}
            value={query}
            disabled={disabled}
            maxLength={60}
            onChange={(event) => {
              setQuery(event.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
          />
          {showList ? (
            <ul className="city-search__list" role="listbox" id={listId} aria-label="City suggestions">
              {suggestions.map((city, index) => (
                <li
                  key={`${city.name}-${city.region}`}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={
                    index === active
                      ? 'city-search__option city-search__option--active'
                      : 'city-search__option'
                  }
                  onPointerDown={(event) => event.preventDefault()}
                  onClick={() => add(city.name)}
                  onPointerEnter={() => setActive(index)}
                >
                  <MapPin aria-hidden="true" />
                  <span className="city-search__name">{city.name}</span>
                  <span className="city-search__region">{city.region}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <Button
          variant="secondary"
          onClick={() => add(query)}
          disabled={disabled || (disableAddWhenBlank && query.trim().length === 0)}
        >
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      </div>
    </div>
  );
}
