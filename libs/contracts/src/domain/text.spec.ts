import { describe, it, expect } from '@jest/globals';
import { FLAVOR_IDS, flavorBudLabel } from './flavors.js';
import { generateBio, optionalNote, stripBudSuffix, titleCase } from './text.js';

describe('generateBio', () => {
  it('names the first two flavors and the first two cities (document 1 §3)', () => {
    expect(generateBio(['sushi', 'pasta', 'pizza'], ['new york', 'los angeles', 'chicago'])).toBe(
      'Food enthusiast with a passion for sushi and pasta, enjoying dining in New York and Los Angeles.',
    );
  });

  it('handles a single flavor and city', () => {
    expect(generateBio(['bbq'], ['austin'])).toBe(
      'Food enthusiast with a passion for bbq, enjoying dining in Austin.',
    );
  });

  it('lower-cases flavors and title-cases cities', () => {
    expect(generateBio(['Sushi', 'TACO'], ['SAN francisco'])).toBe(
      'Food enthusiast with a passion for sushi and taco, enjoying dining in San Francisco.',
    );
  });

  it('leaves out the parts with no picks', () => {
    expect(generateBio(['sushi', 'pasta'], [])).toBe('Food enthusiast with a passion for sushi and pasta.');
    expect(generateBio([], ['miami', 'boston'])).toBe(
      'Food enthusiast, enjoying dining in Miami and Boston.',
    );
    expect(generateBio([], [])).toBe('Food enthusiast.');
  });
});

describe('stripBudSuffix', () => {
  it.each([
    ['SushiBud', 'sushi'],
    ['New YorkBud', 'new york'],
    ['New York Bud', 'new york'],
    ['  BBQBud  ', 'bbq'],
    ['Gluten-FreeBud', 'gluten-free'],
    ['SUSHIBUD', 'sushi'],
    ['sushi', 'sushi'],
    ['Budapest', 'budapest'],
    ['BudapestBud', 'budapest'],
  ])('turns %j into %j', (label, expected) => {
    expect(stripBudSuffix(label)).toBe(expected);
  });

  it('undoes flavorBudLabel for every flavor option', () => {
    for (const id of FLAVOR_IDS) expect(stripBudSuffix(flavorBudLabel(id))).toBe(id);
  });
});

describe('titleCase', () => {
  it.each([
    ['new york', 'New York'],
    ['  LOS   angeles ', 'Los Angeles'],
    ['washington dc', 'Washington Dc'],
    ['charlottesville', 'Charlottesville'],
    ['winston-salem', 'Winston-salem'],
    ['', ''],
    ['   ', ''],
  ])('turns %j into %j', (input, expected) => {
    expect(titleCase(input)).toBe(expected);
  });
});

describe('optionalNote', () => {
  it('trims a note and reads a blank one as none', () => {
    expect(optionalNote('  spam  ')).toBe('spam');
    expect(optionalNote('   ')).toBeNull();
    expect(optionalNote(undefined)).toBeNull();
    expect(optionalNote(null)).toBeNull();
  });
});
