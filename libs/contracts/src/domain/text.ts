/** 'new york' -> 'New York', 'washington dc' -> 'Washington Dc' (the spec's title case for custom cities). */
export function titleCase(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Turns a 'SushiBud' / 'New YorkBud' style label into the stored lower-case name ('sushi', 'new york'). */
export function stripBudSuffix(label: string): string {
  return label.trim().replace(/bud$/i, '').trim().toLowerCase();
}

function joinTwo(items: readonly string[]): string {
  const firstTwo = items.slice(0, 2);
  return firstTwo.join(' and ');
}

/**
 * The registration bio of document 1 §3: 'Food enthusiast with a passion for' the first two
 * flavors, plus 'enjoying dining in' the first two cities.
 */
export function generateBio(flavors: readonly string[], cities: readonly string[]): string {
  const parts: string[] = [];
  if (flavors.length > 0)
    parts.push(`Food enthusiast with a passion for ${joinTwo(flavors.map((f) => f.toLowerCase()))}`);
  else parts.push('Food enthusiast');
  if (cities.length > 0) parts.push(`enjoying dining in ${joinTwo(cities.map(titleCase))}`);
  return `${parts.join(', ')}.`;
}

/** An optional free-text note (an admin's reason, say): trimmed, and blank reads as none. */
export function optionalNote(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : trimmed;
}
