import { describe, expect, it } from 'vitest';
import { RepeatFilter } from '../../src/core/repeat-filter.ts';

describe('RepeatFilter', () => {
  it('says a key is new the first time and seen from the second time on', () => {
    const filter = new RepeatFilter(10);
    expect(filter.seenBefore('neon launch')).toBe(false);
    expect(filter.seenBefore('neon launch')).toBe(true);
    expect(filter.seenBefore('neon launch')).toBe(true);
    expect(filter.seenBefore('retro promo')).toBe(false);
  });

  it('forgets every key once it holds its bound, so memory stays bounded', () => {
    const filter = new RepeatFilter(3);
    for (const key of ['a', 'b', 'c']) filter.seenBefore(key);
    expect(filter.seenBefore('d')).toBe(false); // full: forgets a, b and c, remembers d
    expect(filter.seenBefore('a')).toBe(false);
    expect(filter.seenBefore('d')).toBe(true);
  });
});
