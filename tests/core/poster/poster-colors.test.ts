import { describe, expect, it } from 'vitest';
import { assignPosterColors, contrast, mix } from '../../../src/core/poster/poster-colors.ts';

// A small seeded generator, so the random palettes are the same on every run.
function* randomPalettes(count: number): Generator<string[]> {
  let state = 42;
  const next = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const hex = () => `#${Math.floor(next() * 0xffffff).toString(16).padStart(6, '0')}`;
  for (let i = 0; i < count; i++) yield Array.from({ length: 2 + Math.floor(next() * 4) }, hex);
}

describe('contrast', () => {
  it('is 21 for black on white and 1 for equal colours', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#336699', '#336699')).toBe(1);
  });
});

describe('mix', () => {
  it('goes from the first colour to the second', () => {
    expect(mix('#000000', '#ffffff', 0)).toBe('#000000');
    expect(mix('#000000', '#ffffff', 1)).toBe('#ffffff');
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
  });
});

describe('assignPosterColors', () => {
  it('uses the first palette colour as the background and a readable palette colour as text', () => {
    const c = assignPosterColors(['#fefce8', '#ca8a04', '#1c1917']);
    expect(c.background).toBe('#fefce8');
    expect(c.ink).toBe('#1c1917');
    expect(c.accent).toBe('#ca8a04');
  });

  it('keeps text readable (contrast 4.5 or more) on any palette', () => {
    for (const palette of randomPalettes(500)) {
      const c = assignPosterColors(palette);
      expect(contrast(c.ink, c.background), palette.join(' ')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to a visible accent when the palette has only near-identical colours', () => {
    const c = assignPosterColors(['#3a7f22', '#3b8023']);
    expect(contrast(c.accent, c.background)).toBeGreaterThan(1.6);
  });
});
