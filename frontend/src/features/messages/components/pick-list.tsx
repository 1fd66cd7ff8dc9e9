import { useState, type ReactNode } from 'react';
import { Search, X } from 'lucide-react';
import { Input } from '@/components/ui/input';

/**
 * The pickers of the Share dialog (people I follow) and of "Let's eat" (restaurants): a search box,
 * the chosen entries as removable chips, and checkbox rows. Each picker keeps its own list source.
 */

/** A chosen list toggled by key: what was picked, in the order picked. */
export function usePicked<T>(keyOf: (item: T) => number) {
  const [picked, setPicked] = useState<T[]>([]);
  const isPicked = (key: number) => picked.some((item) => keyOf(item) === key);
  const toggle = (item: T) =>
    setPicked((current) =>
      current.some((entry) => keyOf(entry) === keyOf(item))
        ? current.filter((entry) => keyOf(entry) !== keyOf(item))
        : [...current, item],
    );
  return { picked, setPicked, isPicked, toggle };
}

interface PickedChipsProps<T> {
  items: T[];
  label: string;
  keyOf: (item: T) => number;
  nameOf: (item: T) => string;
  onRemove: (item: T) => void;
}

/** The chosen entries as chips, each with its Remove button; nothing while none is chosen. */
export function PickedChips<T>({ items, label, keyOf, nameOf, onRemove }: PickedChipsProps<T>) {
  if (items.length === 0) return null;
  return (
    <ul className="share-dialog__chips" aria-label={label}>
      {items.map((item) => (
        <li key={keyOf(item)} className="share-chip">
          {nameOf(item)}
          <button
            type="button"
            className="share-chip__remove"
            aria-label={`Remove ${nameOf(item)}`}
            onClick={() => onRemove(item)}
          >
            <X aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

interface PickSearchProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  maxLength: number;
}

/** The search box above a picker's list. */
export function PickSearch({ value, onChange, label, placeholder, maxLength }: PickSearchProps) {
  return (
    <div className="share-dialog__search">
      <Search aria-hidden="true" />
      <Input
        type="search"
        value={value}
        aria-label={label}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

interface PickRowProps {
  checked: boolean;
  disabled?: boolean;
  onToggle: () => void;
  /** An avatar before the name, if the entry has one. */
  leading?: ReactNode;
  name: string;
  /** The second line: @username, an address. */
  detail: string;
}

/** One checkbox row of a picker's list. */
export function PickRow({ checked, disabled, onToggle, leading, name, detail }: PickRowProps) {
  return (
    <label className="share-person">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={onToggle} />
      {leading}
      <span className="share-person__name">{name}</span>
      <span className="share-person__handle">{detail}</span>
    </label>
  );
}
