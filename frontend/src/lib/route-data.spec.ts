import { describe, expect, it } from '@jest/globals';
import { hasServerContent, takeRouteData } from './route-data';

function page(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the route data the gateway wrote into the page', () => {
  it('is read once, for its own URL only', () => {
    const doc = page(
      '<body><script type="application/json" id="route-data" data-url="/api/restaurants/3">{"id":3,"name":"\\u003c/script>"}</script></body>',
    );
    expect(takeRouteData('/api/restaurants/4', doc)).toBeUndefined();
    expect(takeRouteData('/api/restaurants/3', doc)).toEqual({ id: 3, name: '</script>' });
    expect(takeRouteData('/api/restaurants/3', doc)).toBeUndefined();
  });

  it('is nothing when the text is not JSON', () => {
    const doc = page('<body><script type="application/json" id="route-data" data-url="/a">{</script></body>');
    expect(takeRouteData('/a', doc)).toBeUndefined();
  });

  it("tells a page with the gateway's content in <main> from the bare layout", () => {
    expect(hasServerContent(page('<div id="root"><main class="main"></main></div>'))).toBe(false);
    expect(hasServerContent(page('<div id="root"><main class="main"><div class="page"></div></main></div>'))).toBe(true);
  });
});
