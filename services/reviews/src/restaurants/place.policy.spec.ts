import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@dinebuds/errors';
import { cityFromAddress, isExternalPlaceId, nearestCity, resolvePlace } from './place.policy.js';

describe('where a place is', () => {
  it('finds the city an address names: a comma part (with state and zip), an alias, or whole words', () => {
    expect(cityFromAddress('439 N Wells St, Chicago, IL 60654')?.name).toBe('Chicago');
    expect(cityFromAddress('7 Carmine St, New York, NY 10014')?.name).toBe('New York');
    expect(cityFromAddress('100 Broadway, NYC')?.name).toBe('New York');
    expect(cityFromAddress('12 Congress Ave Austin TX')?.name).toBe('Austin');
    expect(cityFromAddress('Chicago IL')?.name).toBe('Chicago');
    // Two-letter aliases inside a street are not taken for a city.
    expect(cityFromAddress('12 La Brea Lane')).toBeNull();
    expect(cityFromAddress('7 Nowhere Road')).toBeNull();
  });

  it('nearest catalogue city from coordinates', () => {
    expect(nearestCity(41.88, -87.63).name).toBe('Chicago');
    expect(nearestCity(40.73, -73.99).name).toBe('New York');
  });

  it("without coordinates: the city's centre, flagged approximate; with them: exact; never random", () => {
    expect(resolvePlace({ address: '1 Main St, Boston, MA' })).toEqual({
      city: 'boston',
      latitude: 42.3601,
      longitude: -71.0589,
      approximate: true,
    });
    expect(resolvePlace({ address: '1 Somewhere', latitude: 41.9, longitude: -87.6 })).toEqual({
      city: 'chicago',
      latitude: 41.9,
      longitude: -87.6,
      approximate: false,
    });
    expect(() => resolvePlace({ address: '7 Nowhere Road' })).toThrow(DomainError);
    expect(() => resolvePlace({ address: '1 Main St, Boston', latitude: 1 })).toThrow(
      'Send both latitude and longitude, or neither',
    );
  });

  it('external place ids are 100-999', () => {
    expect([99, 100, 999, 1000].map(isExternalPlaceId)).toEqual([false, true, true, false]);
  });
});
