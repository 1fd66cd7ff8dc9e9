import { useId, type ReactNode } from 'react';

/**
 * Ids that tie a Radix `Tabs.Trigger` to its `TabPanel`: spread `tabIds.trigger(value)` on the
 * trigger (Radix lets its props override its own id and aria-controls).
 */
export function useTabIds() {
  const base = useId();
  return {
    trigger: (value: string) => ({ id: `${base}-tab-${value}`, 'aria-controls': `${base}-panel-${value}` }),
    panel: (value: string) => ({ id: `${base}-panel-${value}`, labelledBy: `${base}-tab-${value}` }),
  };
}

interface TabPanelProps {
  id: string;
  labelledBy: string;
  selected: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * The panel of a Radix tab list, as Radix's `Tabs.Content` renders it (role, ids, tab stop, the
 * unselected panels hidden and empty) without its Presence: on mount that reads the panel's
 * computed `animationName`, which forces a style recalculation of the whole new page inside
 * React's commit, one unsliceable task (issue 28). Tab panels here have no exit animation.
 */
export function TabPanel({ id, labelledBy, selected, className, children }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={id}
      aria-labelledby={labelledBy}
      tabIndex={0}
      hidden={!selected}
      data-state={selected ? 'active' : 'inactive'}
      className={className}
    >
      {selected ? children : null}
    </div>
  );
}
