import { describe, expect, it } from '@jest/globals';
import { oneDecimal } from './restaurant.mapper.js';

describe('restaurant answers', () => {
  it('averages to one decimal', () => {
    expect(oneDecimal(4.25)).toBe(4.3);
    expect(oneDecimal(null)).toBeNull();
  });
});
