import { describe, expect, it } from 'vitest';
import { fitTitle, wrapTitle } from '../../../src/core/poster/wrap-title.ts';

describe('wrapTitle', () => {
  it('breaks between words to fit the width', () => {
    expect(wrapTitle('Neon Countdown Launch', 400, 40, 3)).toEqual(['Neon Countdown', 'Launch']);
    expect(wrapTitle('Neon Countdown Launch', 300, 40, 3)).toEqual(['Neon', 'Countdown', 'Launch']);
  });

  it('ends the last line with an ellipsis when the title is too long', () => {
    const lines = wrapTitle('One two three four five six seven eight nine ten eleven twelve', 200, 40, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
  });

  it('cuts a word longer than a line with a hyphen', () => {
    const lines = wrapTitle('Supercalifragilisticexpialidocious', 200, 40, 8);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0]!.endsWith('-')).toBe(true);
    expect(lines.join('').replaceAll('-', '')).toBe('Supercalifragilisticexpialidocious');
  });
});

describe('fitTitle', () => {
  it('keeps the biggest size for short titles', () => {
    expect(fitTitle('Short', 340, [40, 34, 28], 3).size).toBe(40);
  });

  it('shrinks the type before it truncates', () => {
    const title = 'Black Friday Product Grid With Extra Words Here';
    const fit = fitTitle(title, 340, [40, 34, 28], 3);
    expect(fit.size).toBeLessThan(40);
    expect(fit.lines.join(' ')).toBe(title);
  });
});
