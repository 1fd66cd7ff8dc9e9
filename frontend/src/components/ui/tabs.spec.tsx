import { Profiler, useState } from 'react';
// The Node build: jsdom has no MessageChannel for the browser one.
import { renderToString } from 'react-dom/server.node';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './tabs';

function ThreeTabs() {
  const [tab, setTab] = useState('one');
  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <Tabs.List aria-label="Example">
        {['One', 'Two', 'Three'].map((text) => (
          <Tabs.Trigger key={text} value={text.toLowerCase()}>
            {text}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="one">First panel</Tabs.Content>
      <Tabs.Content value="two">Second panel</Tabs.Content>
      <Tabs.Content value="three">Third panel</Tabs.Content>
    </Tabs.Root>
  );
}

describe('Tabs', () => {
  it('mounts without reading computed styles (no forced style recalculation in the commit)', () => {
    const read = jest.spyOn(window, 'getComputedStyle');
    try {
      render(<ThreeTabs />);
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });

  it('ties each tab to its panel; the selected tab is the one tab stop; unselected panels are hidden and empty', () => {
    render(<ThreeTabs />);
    const one = screen.getByRole('tab', { name: 'One' });
    const panel = screen.getByRole('tabpanel', { name: 'One' });
    expect(one).toHaveAttribute('aria-controls', panel.id);
    expect(one).toHaveAttribute('aria-selected', 'true');
    expect(one).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('tabindex', '-1');
    expect(panel).toHaveTextContent('First panel');
    expect(screen.queryByText('Second panel')).toBeNull();
    expect(screen.getByRole('tablist', { name: 'Example' })).toHaveAttribute(
      'aria-orientation',
      'horizontal',
    );
  });

  it('ties a tab whose value has a space to its panel (ids without whitespace)', () => {
    render(
      <Tabs.Root defaultValue="near you">
        <Tabs.List aria-label="Sort">
          <Tabs.Trigger value="near you">Near You</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="near you">Closest first</Tabs.Content>
      </Tabs.Root>,
    );
    const tab = screen.getByRole('tab', { name: 'Near You' });
    const panel = screen.getByRole('tabpanel', { name: 'Near You' });
    expect(panel.id).not.toMatch(/\s/);
    expect(tab).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveAttribute('aria-labelledby', tab.id);
  });

  it('selects by click, and by arrow keys (wrapping), Home and End with automatic activation', async () => {
    const user = userEvent.setup();
    render(<ThreeTabs />);
    await user.click(screen.getByRole('tab', { name: 'Two' }));
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Two' })).toHaveTextContent('Second panel');
    expect(screen.queryByText('First panel')).toBeNull();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'One' })).toHaveTextContent('First panel');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Three' })).toHaveTextContent('Third panel');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel', { name: 'One' })).toHaveTextContent('First panel');
  });

  it('keeps its own selection when uncontrolled', async () => {
    const user = userEvent.setup();
    render(
      <Tabs.Root defaultValue="b">
        <Tabs.List aria-label="Letters">
          <Tabs.Trigger value="a">A</Tabs.Trigger>
          <Tabs.Trigger value="b">B</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="a">Panel A</Tabs.Content>
        <Tabs.Content value="b">Panel B</Tabs.Content>
      </Tabs.Root>,
    );
    expect(screen.getByRole('tabpanel', { name: 'B' })).toHaveTextContent('Panel B');
    await user.click(screen.getByRole('tab', { name: 'A' }));
    expect(screen.getByRole('tabpanel', { name: 'A' })).toHaveTextContent('Panel A');
  });

  it('hydrates the server-rendered tabs in one commit, with no render after it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ThreeTabs />);
    document.body.append(container);
    const commits: string[] = [];
    try {
      await act(async () => {
        hydrateRoot(
          container,
          <Profiler id="tabs" onRender={(_id, phase) => commits.push(phase)}>
            <ThreeTabs />
          </Profiler>,
        );
      });
      // Radix's tab list rendered again inside the hydration's effects (its useIsHydrated store
      // differs between server and browser), and each tab then registered itself in its state.
      expect(commits).toEqual(['mount']);
      expect(container.querySelector('[role="tab"][aria-selected="true"]')).toHaveTextContent('One');
    } finally {
      container.remove();
    }
  });
});
