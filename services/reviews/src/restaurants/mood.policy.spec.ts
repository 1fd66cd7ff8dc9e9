import { describe, expect, it } from '@jest/globals';
import { badgeTag, moodTags, type MoodSignal } from './mood.policy.js';

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
