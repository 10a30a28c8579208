import { describe, expect, it } from 'vitest';
import { stemWord } from '../../../src/core/search/stem-word.ts';

describe('stemWord', () => {
  it.each([
    ['launch', 'launches', 'launching', 'launched'],
    ['review', 'reviews', 'reviewing', 'reviewed'],
    ['hire', 'hires', 'hiring', 'hired'],
    ['story', 'stories'],
    ['box', 'boxes'],
    ['run', 'running'],
    ['make', 'making'],
    ['testimonial', 'testimonials'],
  ])('gives %s and its forms one stem', (...forms) => {
    expect(new Set(forms.map(stemWord)).size).toBe(1);
  });

  it('keeps apart words that only look inflected, and short words', () => {
    expect(stemWord('glass')).toBe('glass');
    expect(stemWord('status')).toBe('status');
    expect(stemWord('thing')).toBe('thing');
    expect(stemWord('spring')).toBe('spring');
    expect(stemWord('teaser')).not.toBe(stemWord('tease'));
    expect(stemWord('ads')).toBe('ads');
    expect(stemWord('80s')).toBe('80s');
  });

  // The lazy stem groups (term-lookups.ts) look for a stem's words among those that begin so.
  it('gives a stem that, less its last letter, begins its word', () => {
    for (const word of ['axes', 'stories', 'running', 'hiring', 'cats', 'launched', 'a', 'box', 'tries', 'hopped', 'glasses'])
      expect(word.startsWith(stemWord(word).slice(0, -1)), word).toBe(true);
  });
});
