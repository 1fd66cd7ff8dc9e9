import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@dinebuds/errors';
import {
  badgeTag,
  cityFromAddress,
  isExternalPlaceId,
  moodTags,
  nearestCity,
  oneDecimal,
  placeholderSvg,
  placeKey,
  resolvePlace,
  type MoodSignal,
} from './restaurant.policy.js';

describe('restaurant rules', () => {
  it('one place whatever the accents, case, punctuation and spacing', () => {
    expect(placeKey("Joe's  Pizza")).toBe(placeKey('JOES PIZZA'));
    expect(placeKey('Café Olé, 12 Main St.')).toBe('cafe ole 12 main st');
    expect(placeKey('Joe’s Pizza')).toBe('joes pizza');
  });

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

  it('averages to one decimal', () => {
    expect(oneDecimal(4.25)).toBe(4.3);
    expect(oneDecimal(null)).toBeNull();
  });

  describe('mood tags', () => {
    let nextUser = 1;
    const review = (notes: string | null, rating = 3, flavorBadges: string[] = []): MoodSignal => ({
      userId: nextUser++,
      rating,
      notes,
      flavorBadges,
    });
    const words = (...notes: (string | null)[]) => notes.map((n) => review(n));

    it('from the words, most mentioned first, at most 6, none invented', () => {
      expect(moodTags(words(null, ''), 3)).toEqual([]);
      expect(moodTags(words('Cozy and romantic', 'so cozy', 'great service'), 4)).toEqual([
        'Cozy',
        'Romantic',
        'Great service',
      ]);
      expect(moodTags(words('cozy'), 4.6)).toEqual(['Highly rated', 'Cozy']);
      const many = moodTags(words('cozy romantic lively quiet family casual trendy authentic spicy'), null);
      expect(many).toHaveLength(6);
    });

    it('from the badges: at least 2 reviewers holding one who rated the place 4 or 5', () => {
      expect(moodTags([review(null, 5, ['sushi']), review(null, 4, ['sushi', 'vegan'])], null)).toEqual([
        'Loved by SushiBuds',
      ]);
      // One holder is a taste, not a crowd; holders who rated it 3 or less did not love it.
      expect(moodTags([review(null, 5, ['sushi'])], null)).toEqual([]);
      expect(
        moodTags([review(null, 3, ['bbq']), review(null, 2, ['bbq']), review(null, 5, ['bbq'])], null),
      ).toEqual([]);
      // The same reviewer twice counts once.
      const repeat = review(null, 5, ['taco']);
      expect(moodTags([repeat, { ...repeat, notes: 'again' }], null)).toEqual([]);
      expect(badgeTag('gluten-free')).toBe('Loved by Gluten-FreeBuds');
    });

    it('words and badges ranked together by count, words first on a tie, at most 6', () => {
      const signals = [
        review('cozy', 5, ['pizza', 'wine']),
        review('cozy lively', 5, ['pizza', 'wine']),
        review('cozy', 4, ['pizza']),
        review('quiet', 2, ['wine']),
      ];
      expect(moodTags(signals, 4)).toEqual([
        'Cozy',
        'Loved by PizzaBuds',
        'Loved by WineBuds',
        'Lively',
        'Quiet',
      ]);
      const crowded = [
        review('cozy romantic lively quiet family', 5, ['sushi', 'taco']),
        review('cozy romantic lively quiet family', 5, ['sushi', 'taco']),
      ];
      expect(moodTags(crowded, 4.5)).toEqual([
        'Highly rated',
        'Cozy',
        'Romantic',
        'Lively',
        'Quiet',
        'Family-friendly',
      ]);
    });
  });

  it('placeholder: an SVG with the initials, stable per id, escaped', () => {
    const svg = placeholderSvg(7, "Joe's Pizza");
    expect(svg).toContain('<svg');
    expect(svg).toContain('>JP<');
    expect(placeholderSvg(7, "Joe's Pizza")).toBe(svg);
    expect(placeholderSvg(8, null)).toContain('🍽');
    expect(placeholderSvg(1, '<b>&')).not.toContain('<b>');
  });
});
