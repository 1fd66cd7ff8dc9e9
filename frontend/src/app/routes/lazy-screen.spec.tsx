/** A lazy screen whose code is already in renders at once, without the spinner's commit. */
import { describe, expect, it } from '@jest/globals';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { lazyScreen } from './lazy-screen';

function Hello() {
  return <p>Hello from the screen</p>;
}

async function firstCommit(element: React.ReactElement): Promise<string> {
  const container = document.createElement('div');
  const root = createRoot(container);
  // Only React's synchronous render and commit: no promise gets to settle in between.
  act(() => root.render(element));
  const html = container.innerHTML;
  await act(async () => root.unmount());
  return html;
}

describe('lazyScreen', () => {
  it('renders the screen in the first commit when its code was loaded before', async () => {
    const screen = lazyScreen(async () => ({ Hello }), (module) => module.Hello);
    await screen.preload();
    const html = await firstCommit(screen.element);
    expect(html).toContain('Hello from the screen');
    expect(html).not.toContain('role="status"');
  });

  it('shows the spinner while the code is still on its way', async () => {
    const screen = lazyScreen(async () => ({ Hello }), (module) => module.Hello);
    const html = await firstCommit(screen.element);
    expect(html).toContain('role="status"');
    expect(html).not.toContain('Hello from the screen');
  });

  it('loads once however often it is preloaded, and again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const screen = lazyScreen(
      async () => {
        calls += 1;
        if (fail) throw new Error('offline');
        return { Hello };
      },
      (module) => module.Hello,
    );
    await expect(screen.preload()).rejects.toThrow('offline');
    fail = false;
    await Promise.all([screen.preload(), screen.preload()]);
    await screen.preload();
    expect(calls).toBe(2);
  });
});
