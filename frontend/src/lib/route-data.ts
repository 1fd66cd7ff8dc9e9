/**
 * The route's first API answer, when the gateway wrote it into the page it served
 * (`<script type="application/json" id="route-data" data-url="/api/restaurants/12">`, see
 * gateway/src/spa/route-page.ts): the app uses it instead of requesting it again. Taken once:
 * the element is removed, so a later navigation to the same URL reads the API.
 */
export function takeRouteData(url: string, doc: Document = document): unknown {
  const element = doc.getElementById('route-data');
  if (!element || element.getAttribute('data-url') !== url) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}

/** Whether `<main>` holds content the gateway rendered (the app's first render replaces it). */
export function hasServerContent(doc: Document = document): boolean {
  return (doc.querySelector('#root main')?.childElementCount ?? 0) > 0;
}
