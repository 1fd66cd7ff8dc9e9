import { placeKey } from './place-key.policy.js';

const PLACEHOLDER_COLOURS = [
  '#f97316',
  '#ef4444',
  '#10b981',
  '#3b82f6',
  '#8b5cf6',
  '#ec4899',
  '#14b8a6',
  '#eab308',
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A generated placeholder photo (SVG): a colour chosen by the id and the name's initials, so a
 * restaurant without an uploaded photo still shows a stable picture, never a broken image.
 */
export function placeholderSvg(id: number, name: string | null): string {
  const colour = PLACEHOLDER_COLOURS[Math.abs(id) % PLACEHOLDER_COLOURS.length];
  const initials = name
    ? placeKey(name)
        .split(' ')
        .filter(Boolean)
        .slice(0, 2)
        .map((w) => w[0].toUpperCase())
        .join('')
    : '';
  const label = initials === '' ? '🍽' : initials;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">` +
    `<rect width="400" height="300" fill="${colour}"/>` +
    `<text x="200" y="175" font-family="sans-serif" font-size="96" font-weight="700" fill="#ffffff" ` +
    `text-anchor="middle">${escapeXml(label)}</text></svg>`
  );
}
