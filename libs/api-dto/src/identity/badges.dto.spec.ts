import { describe, expect, it } from '@jest/globals';
import { VALIDATION_MESSAGES } from '@dinebuds/contracts';
import { checkRequest } from '../validation/validate-request.js';
import { SetCityBadgesDto, SetFlavorBadgesDto } from './badges.dto.js';

/** The sentence the gateway answers for a body, or null when it is valid. */
async function messageFor<T extends object>(dto: new () => T, plain: object): Promise<string | null> {
  const checked = await checkRequest(dto, plain, 'edge');
  return checked.ok ? null : checked.message;
}

const sushi = { category: 'preference', badgeId: 'sushi' };

describe('SetFlavorBadgesDto', () => {
  it.each([
    [{ userId: 1, badges: [] }, null],
    [{ userId: 1, badges: [sushi, { category: 'dietary', badgeId: 'vegan' }] }, null],
    [{ userId: 1, badges: Array.from({ length: 6 }, () => sushi) }, VALIDATION_MESSAGES.flavorBadgesMax],
    [
      { userId: 1, badges: [{ category: 'preference', badgeId: 'caviar' }] },
      VALIDATION_MESSAGES.unknownFlavor,
    ],
    [{ userId: 1, badges: [{ category: 'mood', badgeId: 'sushi' }] }, 'Unknown flavor badge category'],
    [
      { userId: 1, badges: [{ category: 'preference', badgeId: 'sushi', extra: 1 }] },
      "Unexpected field 'extra'",
    ],
    [{ userId: 1, badges: ['sushi'] }, 'Each badge must be an object'],
    [{ userId: '1', badges: [] }, 'userId must be a positive integer'],
    [{ userId: 0, badges: [] }, 'userId must be a positive integer'],
    [{ badges: [] }, 'userId is required'],
    [{ userId: 1 }, 'badges is required'],
  ])('%j -> %s', async (plain, message) => {
    expect(await messageFor(SetFlavorBadgesDto, plain)).toBe(message);
  });
});

describe('SetCityBadgesDto', () => {
  it.each([
    [{ userId: 1, badges: [{ city: 'new york', level: 'bronze' }] }, null],
    [{ userId: 1, cities: [{ city: 'new york', reviewCount: 0 }] }, null],
    [{ userId: 1, badges: [] }, null],
    [
      { userId: 1, badges: [{ city: 'a' }, { city: 'b' }, { city: 'c' }, { city: 'd' }] },
      VALIDATION_MESSAGES.cityBadgesMax,
    ],
    [
      { userId: 1, cities: ['a', 'b', 'c', 'd', 'e', 'f'].map((city) => ({ city })) },
      VALIDATION_MESSAGES.registrationCitiesMax,
    ],
    [{ userId: 1, badges: [{ city: '   ' }] }, VALIDATION_MESSAGES.emptyCity],
    [{ userId: 1, badges: [{ city: 'paris', level: 'diamond' }] }, 'Unknown city badge level'],
    [
      { userId: 1, cities: [{ city: 'paris', reviewCount: -1 }] },
      'reviewCount must be a non-negative integer',
    ],
    [
      { userId: 1, cities: [{ city: 'paris', reviewCount: 2_147_483_648 }] },
      'reviewCount must be a non-negative integer',
    ],
    [
      { userId: 1, cities: [{ city: 'paris', reviewCount: 1e300 }] },
      'reviewCount must be a non-negative integer',
    ],
    [{ userId: 1, cities: [{ city: 'paris', reviewCount: null }], badges: undefined }, null],
    [{ userId: 1, badges: null }, 'badges must be a list'],
  ])('%j -> %s', async (plain, message) => {
    expect(await messageFor(SetCityBadgesDto, plain)).toBe(message);
  });
});
