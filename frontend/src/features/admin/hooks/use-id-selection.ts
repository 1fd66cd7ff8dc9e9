import { useState } from 'react';

/**
 * The rows a table has ticked, by id: one toggled, all of `selectable` ticked or none, some
 * dropped (after a bulk action took them), or all cleared (the filters changed).
 */
export function useIdSelection(selectable: readonly number[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const allSelected = selectable.length > 0 && selectable.every((id) => selected.has(id));
  return {
    selected,
    allSelected,
    toggle: (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(selectable)),
    drop: (ids: readonly number[]) =>
      setSelected((current) => new Set([...current].filter((id) => !ids.includes(id)))),
    clear: () => setSelected(new Set()),
  };
}
