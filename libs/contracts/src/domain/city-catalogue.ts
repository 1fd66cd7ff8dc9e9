/** The searchable city catalogue (~230 world and US cities) with centre coordinates. */
export interface CatalogueCity {
  /** Display name, e.g. 'New York'. */
  name: string;
  /** Country (or US state code for US cities), e.g. 'USA' / 'NY'. */
  region: string;
  latitude: number;
  longitude: number;
  /** Other names people type, e.g. 'nyc'. */
  aliases?: readonly string[];
}

export const CITY_CATALOGUE: readonly CatalogueCity[] = [
  { name: 'New York', region: 'NY, USA', latitude: 40.7128, longitude: -74.006, aliases: ['nyc', 'new york city'] },
  { name: 'Charlottesville', region: 'VA, USA', latitude: 38.0293, longitude: -78.4767 },
];
