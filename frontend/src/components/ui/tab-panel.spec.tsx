import { useState } from 'react';
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from 'radix-ui';
import { TabPanel, useTabIds } from './tab-panel';

function TwoTabs() {
  const [tab, setTab] = useState('one');
  const ids = useTabIds();
  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <Tabs.List aria-label="Example">
        <Tabs.Trigger value="one" {...ids.trigger('one')}>
          One
        </Tabs.Trigger>
        <Tabs.Trigger value="two" {...ids.trigger('two')}>
          Two
        </Tabs.Trigger>
      </Tabs.List>
      <TabPanel selected={tab === 'one'} {...ids.panel('one')}>
        First panel
      </TabPanel>
      <TabPanel selected={tab === 'two'} {...ids.panel('two')}>
        Second panel
      </TabPanel>
    </Tabs.Root>
  );
}

describe('TabPanel', () => {
  it('mounts without reading computed styles (no forced style recalculation in the commit)', () => {
    const read = jest.spyOn(window, 'getComputedStyle');
    try {
      render(<TwoTabs />);
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });

  it('is the panel of its tab: ids, the unselected panel hidden and empty, switching by click and arrow key', async () => {
    const user = userEvent.setup();
    render(<TwoTabs />);
    const one = screen.getByRole('tab', { name: 'One' });
    const panel = screen.getByRole('tabpanel', { name: 'One' });
    expect(one).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('First panel');
    expect(screen.queryByText('Second panel')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Two' }));
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Two' })).toHaveTextContent('Second panel');
    expect(screen.queryByText('First panel')).toBeNull();

    await user.keyboard('{ArrowLeft}');
    expect(one).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'One' })).toHaveTextContent('First panel');
  });
});
