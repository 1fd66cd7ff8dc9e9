import { describe, expect, it } from '@jest/globals';
import { placeKey } from './place-key.policy.js';

describe('place keys', () => {
  it('one place whatever the accents, case, punctuation and spacing', () => {
    expect(placeKey("Joe's  Pizza")).toBe(placeKey('JOES PIZZA'));
    expect(placeKey('Café Olé, 12 Main St.')).toBe('cafe ole 12 main st');
    expect(placeKey('Joe’s Pizza')).toBe('joes pizza');
  });
});
