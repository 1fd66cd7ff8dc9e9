/** A piece of a message's text: plain, or a link to a restaurant. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'restaurant'; id: number; name: string };

/**
 * Restaurant links written into text (spec 1 §Message modal): the bracket form `[id:name]` and the
 * plain `RESTAURANT_SHARE:{id}:{name}` form. No name lists, no fallback ids: only what names its id.
 */
const LINK_PATTERN = /\[(\d{1,9}):([^\]\n]{1,120})\]|RESTAURANT_SHARE:(\d{1,9}):([^\n]{1,120})/g;

export function splitMessageText(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const id = Number(match[1] ?? match[3]);
    const name = (match[2] ?? match[4]).trim();
    if (!(id > 0) || !name) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'restaurant', id, name });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/**
 * A structured share (or a poll's announced place) as parts: the restaurant's name inside the
 * text becomes the link; a text that does not name it gets the link after it.
 */
export function splitShareText(text: string, restaurantId: number, restaurantName: string): MessagePart[] {
  const at = text.indexOf(restaurantName);
  const link: MessagePart = { kind: 'restaurant', id: restaurantId, name: restaurantName };
  if (at < 0) return [...splitMessageText(text), { kind: 'text', text: ' ' }, link];
  const before = text.slice(0, at);
  const after = text.slice(at + restaurantName.length);
  return [
    ...(before ? [{ kind: 'text' as const, text: before }] : []),
    link,
    ...(after ? [{ kind: 'text' as const, text: after }] : []),
  ];
}

/** "Let's go to {place} soon!": the place, to underline in the inbox (spec 2 §Social). */
export function letsGoPlace(text: string): { before: string; place: string; after: string } | null {
  const match = /^(Let's go to )(.+)( soon!)$/s.exec(text);
  return match ? { before: match[1], place: match[2], after: match[3] } : null;
}

/** The badge count: "99+" above 99 (spec 2 §9). */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
