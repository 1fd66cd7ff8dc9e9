import { describe, it, expect } from '@jest/globals';
import {
  FLAVOR_GROUPS,
  FLAVOR_IDS,
  flavorBudLabel,
  flavorCategoryOf,
  flavorGroupOf,
  flavorLabel,
} from './flavors.js';

describe('flavorCategoryOf', () => {
  it("stores flavor and cuisine picks as 'preference'", () => {
    expect(flavorCategoryOf('sushi')).toBe('preference');
    expect(flavorCategoryOf('bbq')).toBe('preference');
    expect(flavorCategoryOf('japanese')).toBe('preference');
    expect(flavorCategoryOf('mediterranean')).toBe('preference');
  });

  it('stores style and dietary picks under their group id', () => {
    expect(flavorCategoryOf('chill')).toBe('style');
    expect(flavorCategoryOf('luxury')).toBe('style');
    expect(flavorCategoryOf('vegan')).toBe('dietary');
    expect(flavorCategoryOf('gluten-free')).toBe('dietary');
  });

  it('returns null for an unknown badge', () => {
    expect(flavorCategoryOf('unknown')).toBeNull();
    expect(flavorCategoryOf('')).toBeNull();
    expect(flavorCategoryOf('Sushi')).toBeNull();
    expect(flavorCategoryOf('sushibud')).toBeNull();
  });

  it('matches the group of every option', () => {
    for (const group of FLAVOR_GROUPS) {
      const expected = group.id === 'flavor' || group.id === 'cuisine' ? 'preference' : group.id;
      for (const option of group.options) {
        expect(flavorGroupOf(option)).toBe(group.id);
        expect(flavorCategoryOf(option)).toBe(expected);
      }
    }
    expect(FLAVOR_IDS.filter((id) => flavorCategoryOf(id) === 'preference')).toHaveLength(19);
  });
});

describe('flavorBudLabel', () => {
  it.each([
    ['sushi', 'SushiBud'],
    ['bbq', 'BBQBud'],
    ['gluten-free', 'Gluten-FreeBud'],
    ['nut-free', 'Nut-FreeBud'],
    ['trendsetter', 'TrendsetterBud'],
    ['mediterranean', 'MediterraneanBud'],
  ])('labels %j as %j', (id, label) => {
    expect(flavorBudLabel(id)).toBe(label);
  });

  it('is the flavor label plus Bud', () => {
    for (const id of FLAVOR_IDS) expect(flavorBudLabel(id)).toBe(`${flavorLabel(id)}Bud`);
    expect(flavorLabel('bbq')).toBe('BBQ');
  });
});
