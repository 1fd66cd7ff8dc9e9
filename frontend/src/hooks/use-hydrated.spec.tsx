/** Parts that exist only in the browser render after the hydration, not inside its commit. */
import { afterEach, describe, expect, it } from '@jest/globals';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { hydrationCommitted, hydrationStarts, useHydrated } from './use-hydrated';

function Probe({ seen }: { seen: boolean[] }) {
  seen.push(useHydrated());
  return null;
}

async function rendersOf(): Promise<boolean[]> {
  const seen: boolean[] = [];
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe seen={seen} />));
  await act(async () => root.unmount());
  return seen;
}

describe('useHydrated', () => {
  afterEach(() => hydrationCommitted());

  it('is true from the first render of an app the browser renders itself', async () => {
    expect(await rendersOf()).toEqual([true]);
  });

  it('starts false while a server page hydrates, then turns true once', async () => {
    hydrationStarts();
    expect(await rendersOf()).toEqual([false, true]);
  });
});
