import {
  createContext,
  useContext,
  useId,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

/**
 * Tabs with Radix's markup and keyboard model (WAI-ARIA tabs, automatic activation): a tab list
 * whose selected tab is the one tab stop, arrow keys and Home/End move between tabs and select,
 * panels labelled by their tab. Our own because Radix's tab list (its RovingFocusGroup) asks
 * `useIsHydrated`, a store whose server value differs from the browser's: React then re-renders
 * every hydrated tab synchronously inside the hydration's effects, and each tab registers itself
 * in state twice more (issue 28: the longest task after a phone's first paint on /, /social and
 * /discover). Here the tab stop follows from the selected value: nothing to register, no effect.
 */

interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`<Tabs.${part}> must be inside <Tabs.Root>`);
  return state;
}

// The value encoded: aria-controls and aria-labelledby are lists of ids split at whitespace, so a
// value with a space ('near you') would otherwise name two ids that do not exist.
const partId = (baseId: string, part: 'tab' | 'panel', value: string) =>
  `${baseId}-${part}-${encodeURIComponent(value)}`;

interface RootProps extends Omit<ComponentPropsWithoutRef<'div'>, 'defaultValue' | 'dir'> {
  /** The selected tab (controlled, with onValueChange). */
  value?: string;
  /** The first selected tab when uncontrolled. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  children: ReactNode;
}

function Root({ value, defaultValue, onValueChange, children, ...props }: RootProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue ?? '');
  const selected = value ?? own;
  const select = (next: string) => {
    if (next === selected) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value: selected, select }}>
      <div data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/** The step each key takes through the enabled tabs (wrapping), or where it jumps. */
function targetIndex(key: string, current: number, count: number): number | null {
  if (key === 'ArrowRight') return (current + 1) % count;
  if (key === 'ArrowLeft') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

function List({ children, onKeyDown, ...props }: ComponentPropsWithoutRef<'div'>) {
  const { select } = useTabs('List');
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
    const tabs = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])'),
    );
    const current = tabs.indexOf(event.target as HTMLButtonElement);
    if (current === -1) return;
    const next = targetIndex(event.key, current, tabs.length);
    if (next === null) return;
    event.preventDefault();
    tabs[next].focus();
    const value = tabs[next].dataset.value;
    if (value !== undefined) select(value);
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      onKeyDown={move}
      {...props}
    >
      {children}
    </div>
  );
}

interface TriggerProps extends Omit<ComponentPropsWithoutRef<'button'>, 'value'> {
  value: string;
}

function Trigger({ value, children, onClick, disabled, ...props }: TriggerProps) {
  const tabs = useTabs('Trigger');
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={partId(tabs.baseId, 'tab', value)}
      aria-controls={partId(tabs.baseId, 'panel', value)}
      aria-selected={selected}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      data-value={value}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    >
      {children}
    </button>
  );
}

interface ContentProps extends Omit<ComponentPropsWithoutRef<'div'>, 'value'> {
  value: string;
}

/** A tab's panel; an unselected one stays in the page, hidden and empty (as Radix's). */
function Content({ value, children, ...props }: ContentProps) {
  const tabs = useTabs('Content');
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={partId(tabs.baseId, 'panel', value)}
      aria-labelledby={partId(tabs.baseId, 'tab', value)}
      tabIndex={0}
      hidden={!selected}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      {...props}
    >
      {selected ? children : null}
    </div>
  );
}

export const Tabs = { Root, List, Trigger, Content };
