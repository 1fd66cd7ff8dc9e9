import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@dinebuds/errors';
import {
  planCityBadges,
  requestedCityChoices,
  registrationCityChoices,
  registrationFlavorChoices,
  settingsCityChoices,
  settingsFlavorChoices,
} from './badge.policy.js';

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected an error');
}

describe('flavor badge rules', () => {
  it('takes the category from the catalogue and normalises ids', () => {
    expect(settingsFlavorChoices([' Sushi ', 'thai', 'wine', 'vegan', 'sushi'])).toEqual([
      { badgeId: 'sushi', category: 'preference' },
      { badgeId: 'thai', category: 'preference' },
      { badgeId: 'wine', category: 'style' },
      { badgeId: 'vegan', category: 'dietary' },
    ]);
  });

  it('rejects unknown ids and more than five', () => {
    expect(errorOf(() => settingsFlavorChoices(['sushi', 'caviar']))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Unknown flavor badge',
    });
    const six = ['sushi', 'pizza', 'taco', 'burger', 'thai', 'vegan'];
    expect(errorOf(() => settingsFlavorChoices(six)).message).toBe('You can only select up to 5 FlavorBuds');
    expect(errorOf(() => registrationFlavorChoices(six)).message).toBe(
      'You can select up to 5 flavor preferences',
    );
    expect(settingsFlavorChoices(six.slice(0, 5))).toHaveLength(5);
  });
});

describe('city badge rules', () => {
  it('stores cities lower-case, single-spaced and de-duplicated', () => {
    expect(settingsCityChoices(['  New   York ', 'new york', 'PARIS'])).toEqual(['new york', 'paris']);
  });

  it('has a limit of 3 on the settings path and 5 at registration', () => {
    const four = ['a', 'b', 'c', 'd'];
    expect(errorOf(() => settingsCityChoices(four)).message).toBe('You can only select up to 3 CityBuds');
    expect(registrationCityChoices(four)).toHaveLength(4);
    expect(errorOf(() => registrationCityChoices([...four, 'e', 'f'])).message).toBe(
      'You can select up to 5 city preferences',
    );
  });

  it('refuses blank and over-long names', () => {
    expect(errorOf(() => settingsCityChoices(['  '])).message).toBe('Please enter a city name');
    expect(errorOf(() => settingsCityChoices(['x'.repeat(61)])).code).toBe('VALIDATION_FAILED');
    expect(settingsCityChoices(['x'.repeat(60)])).toHaveLength(1);
    expect(errorOf(() => settingsCityChoices(['Paris\u0000'])).message).toBe(
      'City names cannot contain control characters',
    );
  });

  it('keeps the badges of cities that stay when replacing', () => {
    const existing = [
      { city: 'paris', reviewCount: 12, level: 'silver' as const },
      { city: 'rome', reviewCount: 0, level: 'bronze' as const },
    ];
    expect(planCityBadges(existing, ['paris', 'tokyo'])).toEqual({
      remove: ['rome'],
      add: ['tokyo'],
      keep: ['paris'],
    });
    expect(planCityBadges(existing, [])).toEqual({ remove: ['paris', 'rome'], add: [], keep: [] });
  });
});

describe('requested cities', () => {
  it('reads either badges or cities', () => {
    expect(requestedCityChoices({ badges: [{ city: 'Oslo' }] })).toEqual(['oslo']);
    expect(requestedCityChoices({ cities: [{ city: 'Oslo' }] })).toEqual(['oslo']);
    expect(errorOf(() => requestedCityChoices({})).message).toBe('badges or cities is required');
    expect(errorOf(() => requestedCityChoices({ badges: [], cities: [] })).message).toBe(
      'Send either badges or cities, not both',
    );
  });
});
