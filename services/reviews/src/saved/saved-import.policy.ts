import { ACCOUNT_MESSAGES, parseCsv, REVIEW_LIMITS } from '@dinebuds/contracts';

/** One place an import names, before it is matched to a restaurant. */
export interface ImportedPlace {
  line: number;
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  notes: string | null;
  /** Why the row cannot be imported as it stands (null: it can). */
  problem: string | null;
}

const HEADER_NAMES = ['name', 'address'];

function coordinate(text: string | undefined, limit: number): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

function problemOf(name: string, address: string): string | null {
  if (!name || !address) return ACCOUNT_MESSAGES.rowNoAddress;
  if (name.length > REVIEW_LIMITS.restaurantNameMax)
    return `Restaurant name must be at most ${REVIEW_LIMITS.restaurantNameMax} characters`;
  if (address.length > REVIEW_LIMITS.addressMax)
    return `Address must be at most ${REVIEW_LIMITS.addressMax} characters`;
  return null;
}

function place(
  line: number,
  name: string,
  address: string,
  extra: Partial<ImportedPlace> = {},
): ImportedPlace {
  const cleanName = name.trim();
  const cleanAddress = address.trim();
  return {
    line,
    name: cleanName,
    address: cleanAddress,
    latitude: extra.latitude ?? null,
    longitude: extra.longitude ?? null,
    notes: extra.notes?.trim().slice(0, REVIEW_LIMITS.notesMax) || null,
    problem: problemOf(cleanName, cleanAddress),
  };
}

/**
 * The places an import's text names. A first line naming `name` and `address` columns makes it a
 * CSV (the export's saved.csv: `latitude`, `longitude` and `notes` are read when present);
 * otherwise each non-blank line is a plain "Name, Address" (the name before the first comma, or a
 * tab), the way people write a list of places.
 */
export function placesFromImportText(text: string): ImportedPlace[] {
  const records = parseCsv(text);
  const header = records[0]?.fields.map((f) => f.trim().toLowerCase()) ?? [];
  if (HEADER_NAMES.every((h) => header.includes(h))) {
    const at = (name: string) => header.indexOf(name);
    const field = (fields: string[], name: string) => (at(name) >= 0 ? fields[at(name)] : undefined);
    return records.slice(1).map(({ line, fields }) => {
      const latitude = coordinate(field(fields, 'latitude'), 90);
      const longitude = coordinate(field(fields, 'longitude'), 180);
      const both = latitude !== null && longitude !== null;
      return place(line, field(fields, 'name') ?? '', field(fields, 'address') ?? '', {
        latitude: both ? latitude : null,
        longitude: both ? longitude : null,
        notes: field(fields, 'notes') ?? null,
      });
    });
  }
  return text
    .split(/\r?\n/)
    .map((raw, i) => ({ raw: raw.trim(), line: i + 1 }))
    .filter(({ raw }) => raw !== '')
    .map(({ raw, line }) => {
      const cut = raw.includes('\t') ? raw.indexOf('\t') : raw.indexOf(',');
      return cut < 0 ? place(line, raw, '') : place(line, raw.slice(0, cut), raw.slice(cut + 1));
    });
}
