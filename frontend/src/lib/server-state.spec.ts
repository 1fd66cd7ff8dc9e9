import { describe, expect, it } from '@jest/globals';
import { takeServerState } from './server-state';

function page(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe("the state of a page the server rendered", () => {
  it('is read once, escapes and all', () => {
    const doc = page(
      '<body><script type="application/json" id="server-state">{"queries":{"mutations":[],"queries":[{"queryKey":["x"],"state":{"data":"\\u003c/script>"}}]},"loaderData":{"0":null}}</script></body>',
    );
    const state = takeServerState(doc);
    expect(state?.loaderData).toEqual({ 0: null });
    expect(state?.queries.queries[0].state.data).toBe('</script>');
    expect(takeServerState(doc)).toBeNull();
  });

  it('is nothing on the plain page, or when the text is not the state', () => {
    expect(takeServerState(page('<body><div id="root"></div></body>'))).toBeNull();
    expect(takeServerState(page('<body><script type="application/json" id="server-state">{</script></body>'))).toBeNull();
    expect(takeServerState(page('<body><script type="application/json" id="server-state">{"queries":1}</script></body>'))).toBeNull();
  });
});
