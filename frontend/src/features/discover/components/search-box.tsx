import { useId } from 'react';
import { Search, X } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  busy?: boolean;
  maxLength: number;
}

/** A labelled search input with a busy mark and a clear button (Escape clears too). */
export function SearchBox({ label, placeholder, value, onChange, busy, maxLength }: SearchBoxProps) {
  const id = useId();
  return (
    <div className="discover-search" role="search">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="discover-search__icon" aria-hidden="true" />
      <Input
        id={id}
        type="search"
        className="discover-search__input"
        placeholder={placeholder}
        autoComplete="off"
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onChange('');
          }
        }}
      />
      {busy ? <Spinner size="sm" className="discover-search__busy" label="Searching" /> : null}
      {value ? (
        <button
          type="button"
          className="icon-button icon-button--sm discover-search__clear"
          aria-label={`Clear ${label.toLowerCase()}`}
          onClick={() => onChange('')}
        >
          <X aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
