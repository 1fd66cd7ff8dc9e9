import {
  CITY_CATALOGUE,
  cityKey,
  findCity,
  flavorBudLabel,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type CatalogueCity,
} from '@dinebuds/contracts';
import { badRequest } from '@dinebuds/errors';

/**
 * The comparison key of a restaurant's name or address: accents, case, punctuation and spacing
 * do not make a new place ("Joe's  Pizza" = "joes pizza"; "12 Main St." = "12 main st").
 */
export function placeKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** "Chicago, IL 60601" / "Chicago IL" / "60601 Chicago" -> "Chicago": what is left of a city part. */
function withoutPostalParts(part: string): string {
  return part
    .replace(/\b\d{4,5}(-\d{4})?\b/g, ' ')
    .replace(/\s+[A-Z]{2}\s*$/, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Catalogue names and aliases as place keys, longest first (so "new york" wins over "york"). */
const CITY_NAME_KEYS: readonly { key: string; city: CatalogueCity }[] = CITY_CATALOGUE.flatMap((city) =>
  [city.name, ...(city.aliases ?? [])]
    .map((name) => ({ key: placeKey(name), city }))
    // Two-letter aliases ('la', 'sf', 'dc') are too ambiguous inside a street address.
    .filter(({ key }) => key.length > 2),
).sort((a, b) => b.key.length - a.key.length);

/**
 * The catalogue city an address names: a comma-separated part that is a city (the last ones
 * first, where addresses put the city), else a city name standing as whole words anywhere.
 */
export function cityFromAddress(address: string): CatalogueCity | null {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .reverse();
  for (const part of parts) {
    const found = findCity(part) ?? findCity(withoutPostalParts(part));
    if (found) return found;
  }
  const words = ` ${placeKey(address)} `;
  for (const { key, city } of CITY_NAME_KEYS) if (words.includes(` ${key} `)) return city;
  return null;
}

/** Great-circle distance in km. */
export function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLon = (bLon - aLon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function nearestCity(latitude: number, longitude: number): CatalogueCity {
  let best = CITY_CATALOGUE[0];
  let bestKm = Infinity;
  for (const city of CITY_CATALOGUE) {
    const km = distanceKm(latitude, longitude, city.latitude, city.longitude);
    if (km < bestKm) {
      best = city;
      bestKm = km;
    }
  }
  return best;
}

export interface PlaceInput {
  address: string;
  latitude?: number | null;
  longitude?: number | null;
}

export interface ResolvedPlace {
  /** cityKey of the catalogue city. */
  city: string;
  latitude: number;
  longitude: number;
  /** No coordinates were given: the city's centre stands in for the place. */
  approximate: boolean;
}

/**
 * Where a place is: with coordinates, there (the city from the address, else the nearest
 * catalogue city); without, its city's centre from the catalogue, flagged approximate (never a
 * random position). An address naming no known city and no coordinates is refused (400).
 */
export function resolvePlace(input: PlaceInput): ResolvedPlace {
  const hasLat = typeof input.latitude === 'number';
  const hasLon = typeof input.longitude === 'number';
  if (hasLat !== hasLon) throw badRequest('Send both latitude and longitude, or neither');
  const named = cityFromAddress(input.address);
  if (hasLat && hasLon) {
    const latitude = input.latitude as number;
    const longitude = input.longitude as number;
    const city = named ?? nearestCity(latitude, longitude);
    return { city: cityKey(city.name), latitude, longitude, approximate: false };
  }
  if (!named) throw badRequest(REVIEW_MESSAGES.cityUnknown);
  return {
    city: cityKey(named.name),
    latitude: named.latitude,
    longitude: named.longitude,
    approximate: true,
  };
}

/** Whether an id is one the original client treats as an external place (details sent with a save). */
export function isExternalPlaceId(id: number): boolean {
  return id >= REVIEW_LIMITS.externalIdMin && id <= REVIEW_LIMITS.externalIdMax;
}

/** Average rating to one decimal (null without reviews). */
export function oneDecimal(average: number | null): number | null {
  return average === null ? null : Math.round(average * 10) / 10;
}

/** Words in review notes and the mood tag each suggests. */
const MOOD_WORDS: Record<string, string> = {
  cozy: 'Cozy',
  cosy: 'Cozy',
  romantic: 'Romantic',
  date: 'Date night',
  lively: 'Lively',
  buzzing: 'Lively',
  loud: 'Lively',
  quiet: 'Quiet',
  calm: 'Quiet',
  family: 'Family-friendly',
  kids: 'Family-friendly',
  casual: 'Casual',
  trendy: 'Trendy',
  hip: 'Trendy',
  authentic: 'Authentic',
  traditional: 'Authentic',
  spicy: 'Spicy',
  fresh: 'Fresh',
  friendly: 'Friendly staff',
  service: 'Great service',
  view: 'Great view',
  views: 'Great view',
  brunch: 'Brunch spot',
  cheap: 'Good value',
  value: 'Good value',
  affordable: 'Good value',
  elegant: 'Elegant',
  fancy: 'Elegant',
  outdoor: 'Outdoor seating',
  patio: 'Outdoor seating',
  vegan: 'Vegan options',
  vegetarian: 'Vegetarian options',
  delicious: 'Delicious',
  tasty: 'Delicious',
};

/** One recent review as the mood tags read it: its words, its rating and its author's flavor badges. */
export interface MoodSignal {
  userId: number;
  rating: number;
  notes: string | null;
  flavorBadges: readonly string[];
}

/** A rating from which a review counts as its author loving the place. */
export const LOVED_RATING = 4;
/** Reviewers sharing a flavor badge who must love a place before it earns that badge's tag. */
export const BADGE_TAG_MIN_REVIEWERS = 2;

/** 'sushi' -> 'Loved by SushiBuds': what a badge's holders loving a place says about it. */
export function badgeTag(badgeId: string): string {
  return `Loved by ${flavorBudLabel(badgeId)}s`;
}

/** Word tags: per tag, the number of reviews whose notes name it. */
function wordCounts(signals: readonly MoodSignal[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { notes } of signals) {
    if (!notes) continue;
    const seen = new Set<string>();
    for (const word of placeKey(notes).split(' ')) {
      const tag = MOOD_WORDS[word];
      if (tag && !seen.has(tag)) {
        seen.add(tag);
        counts.set(tag, (counts.get(tag) ?? 0) + 1);
      }
    }
  }
  return counts;
}

/** Badge tags: per flavor badge, the distinct reviewers holding it who rated the place 4 or 5. */
function badgeCounts(signals: readonly MoodSignal[]): Map<string, number> {
  const holders = new Map<string, Set<number>>();
  for (const { userId, rating, flavorBadges } of signals) {
    if (rating < LOVED_RATING) continue;
    for (const badge of flavorBadges) {
      const set = holders.get(badge) ?? new Set<number>();
      set.add(userId);
      holders.set(badge, set);
    }
  }
  const counts = new Map<string, number>();
  for (const [badge, users] of holders)
    if (users.size >= BADGE_TAG_MIN_REVIEWERS) counts.set(badgeTag(badge), users.size);
  return counts;
}

/**
 * At most 6 mood tags of the recent reviews: "Highly rated" at an average of 4.5 or more, then
 * word tags (reviews naming cozy, romantic, ...) and badge tags (at least 2 reviewers holding a
 * flavor badge rated the place 4+: "Loved by SushiBuds"), the most counted first; ties keep
 * word tags before badge tags, each in first-seen order. No words or shared badges, no tags:
 * nothing is invented.
 */
export function moodTags(signals: readonly MoodSignal[], averageRating: number | null): string[] {
  const ranked = [...wordCounts(signals), ...badgeCounts(signals)]
    // Array.prototype.sort is stable: equal counts keep the order above.
    .sort((a, b) => b[1] - a[1])
    .map(([tag]) => tag);
  if (averageRating !== null && averageRating >= 4.5) ranked.unshift('Highly rated');
  return ranked.slice(0, REVIEW_LIMITS.moodTagsMax);
}

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
