import { describe, expect, it } from '@jest/globals';
import { placeholderSvg } from './placeholder-image.js';

describe('placeholder image', () => {
  it('placeholder: an SVG with the initials, stable per id, escaped', () => {
    const svg = placeholderSvg(7, "Joe's Pizza");
    expect(svg).toContain('<svg');
    expect(svg).toContain('>JP<');
    expect(placeholderSvg(7, "Joe's Pizza")).toBe(svg);
    expect(placeholderSvg(8, null)).toContain('🍽');
    expect(placeholderSvg(1, '<b>&')).not.toContain('<b>');
  });
});
