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
