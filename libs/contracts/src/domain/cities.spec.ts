import { describe, it, expect } from '@jest/globals';
import {
  CITY_CATALOGUE,
  CITY_SUGGESTIONS_MAX,
  REGISTRATION_POPULAR_CITIES,
  SETTINGS_POPULAR_CITIES,
  cityKey,
  cityLabel,
  findCity,
  searchCities,
} from './cities.js';

const names = (cities: readonly { name: string }[]) => cities.map((c) => c.name);

describe('searchCities', () => {
  it('returns nothing for a blank query', () => {
    expect(searchCities('')).toEqual([]);
    expect(searchCities('   ')).toEqual([]);
  });

  it('returns at most 10 suggestions by default, or the given limit', () => {
    expect(CITY_SUGGESTIONS_MAX).toBe(10);
    expect(searchCities('a')).toHaveLength(10);
    expect(searchCities('e')).toHaveLength(10);
    expect(searchCities('a', 3)).toHaveLength(3);
  });

  it('lists every name that starts with the query, ignoring case and spacing', () => {
    expect(names(searchCities('new')).sort()).toEqual(['New Haven', 'New Orleans', 'New York', 'Newark']);
    expect(names(searchCities('NEW   YO'))).toEqual(['New York']);
    expect(names(searchCities('charlottes'))).toEqual(['Charlottesville']);
  });

  it('puts names starting with the query before names only containing it', () => {
    const results = names(searchCities('bur'));
    expect(results[0]).toBe('Burlington');
    expect(results.length).toBeGreaterThan(1);
    for (const name of results.slice(1)) {
      expect(name.toLowerCase()).toContain('bur');
      expect(name.toLowerCase().startsWith('bur')).toBe(false);
    }
    expect(results).toEqual(expect.arrayContaining(['Pittsburgh', 'Edinburgh', 'Johannesburg']));
  });

  it('keeps prefix matches ahead of contains matches for any query', () => {
    for (const query of ['an', 'san', 'port', 'la', 'on', 'ville']) {
      const results = names(searchCities(query));
      expect(results.length).toBeGreaterThan(0);
      const starts = results.map((n) => cityKey(n).startsWith(query));
      const firstContains = starts.indexOf(false);
      if (firstContains !== -1) expect(starts.slice(firstContains)).not.toContain(true);
      for (const n of results) expect(cityKey(n)).toContain(query);
    }
  });

  it('fills the first places with prefix matches before cutting at the limit', () => {
    const expectedPrefix = CITY_CATALOGUE.filter((c) => cityKey(c.name).startsWith('an')).length;
    expect(expectedPrefix).toBeGreaterThan(0);
    const results = names(searchCities('an'));
    expect(results).toHaveLength(10);
    expect(results.slice(0, expectedPrefix).every((n) => cityKey(n).startsWith('an'))).toBe(true);
  });

  it('does not match aliases; those resolve through findCity', () => {
    expect(searchCities('nyc')).toEqual([]);
    expect(findCity('nyc')?.name).toBe('New York');
  });
});

describe('findCity', () => {
  it.each([
    ['nyc', 'New York'],
    ['New York City', 'New York'],
    ['  new   york ', 'New York'],
    ['sf', 'San Francisco'],
    ['LA', 'Los Angeles'],
    ['nola', 'New Orleans'],
    ['washington', 'Washington DC'],
    ['dc', 'Washington DC'],
    ['Washington D.C.', 'Washington DC'],
    ['washington dc', 'Washington DC'],
    ['charlottesville', 'Charlottesville'],
  ])('finds %j as %j', (query, name) => {
    expect(findCity(query)?.name).toBe(name);
  });

  it('returns undefined for an unknown city', () => {
    expect(findCity('atlantis')).toBeUndefined();
    expect(findCity('')).toBeUndefined();
    expect(findCity('new yo')).toBeUndefined();
  });
});

describe('cityLabel', () => {
  it("uses the catalogue's spelling, else title case", () => {
    expect(cityLabel('washington dc')).toBe('Washington DC');
    expect(cityLabel('new orleans')).toBe('New Orleans');
    expect(cityLabel('gotham city')).toBe('Gotham City');
  });
});

describe('CITY_CATALOGUE', () => {
  it('has at least 220 cities with unique names', () => {
    expect(CITY_CATALOGUE.length).toBeGreaterThanOrEqual(220);
    const keys = CITY_CATALOGUE.map((c) => cityKey(c.name));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('mixes about a hundred US cities with world cities', () => {
    const us = CITY_CATALOGUE.filter((c) => c.region.endsWith(', USA'));
    expect(us.length).toBeGreaterThanOrEqual(100);
    expect(CITY_CATALOGUE.length - us.length).toBeGreaterThanOrEqual(100);
    for (const c of us) expect(c.region).toMatch(/^[A-Z]{2}, USA$/);
  });

  it('gives every city a trimmed name, a region and coordinates in range', () => {
    for (const c of CITY_CATALOGUE) {
      expect(c.name).toBe(c.name.trim());
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.region.trim().length).toBeGreaterThan(0);
      expect(Number.isFinite(c.latitude) && Number.isFinite(c.longitude)).toBe(true);
      expect(c.latitude).toBeGreaterThanOrEqual(-90);
      expect(c.latitude).toBeLessThanOrEqual(90);
      expect(c.longitude).toBeGreaterThanOrEqual(-180);
      expect(c.longitude).toBeLessThanOrEqual(180);
      expect(Math.round(c.latitude * 1e4) / 1e4).toBe(c.latitude);
      expect(Math.round(c.longitude * 1e4) / 1e4).toBe(c.longitude);
    }
  });

  it('has no two cities at the same point', () => {
    const points = CITY_CATALOGUE.map((c) => `${c.latitude},${c.longitude}`);
    expect(new Set(points).size).toBe(points.length);
  });

  it('has aliases that point at one city only', () => {
    const seen = new Map<string, string>(CITY_CATALOGUE.map((c) => [cityKey(c.name), c.name]));
    for (const c of CITY_CATALOGUE) {
      for (const alias of c.aliases ?? []) {
        const key = cityKey(alias);
        expect(seen.get(key) ?? c.name).toBe(c.name);
        seen.set(key, c.name);
        expect(findCity(alias)).toBe(c);
      }
    }
  });

  it('contains every popular city', () => {
    for (const city of [...REGISTRATION_POPULAR_CITIES, ...SETTINGS_POPULAR_CITIES]) {
      const found = findCity(city);
      expect(found).toBeDefined();
      expect(cityKey(found!.name)).toBe(cityKey(city));
    }
  });

  it('places well-known cities where they are', () => {
    const near = (name: string, lat: number, lon: number) => {
      const c = findCity(name);
      expect(c).toBeDefined();
      expect(Math.abs(c!.latitude - lat)).toBeLessThan(0.1);
      expect(Math.abs(c!.longitude - lon)).toBeLessThan(0.1);
    };
    near('New York', 40.71, -74.01);
    near('Charlottesville', 38.03, -78.48);
    near('Washington DC', 38.9, -77.04);
    near('London', 51.51, -0.13);
    near('Tokyo', 35.68, 139.65);
    near('Sydney', -33.87, 151.21);
    near('Buenos Aires', -34.6, -58.38);
    expect(findCity('Washington DC')!.region).toBe('DC, USA');
    expect(findCity('Paris')!.region).toBe('France');
  });
});

describe('city keys', () => {
  it('are printable ASCII for every catalogue city (SQL lower() agrees with cityKey in any locale)', () => {
    for (const city of CITY_CATALOGUE) expect(cityKey(city.name)).toMatch(/^[a-z0-9 .'-]+$/);
  });
});
