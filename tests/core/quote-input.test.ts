import { describe, expect, it } from 'vitest';
import { clipInput, quoteInput } from '../../src/core/quote-input.ts';

describe('quoteInput', () => {
  it('quotes short input whole', () => {
    expect(quoteInput('abc')).toBe('"abc"');
  });

  it('quotes the first 100 characters of long input and says its length', () => {
    expect(quoteInput('y'.repeat(1_000_000))).toBe(`"${'y'.repeat(100)}…" (1000000 characters)`);
  });
});

describe('clipInput', () => {
  it('never cuts a character in two', () => {
    const clipped = clipInput(`${'a'.repeat(99)}😀${'b'.repeat(10)}`);
    expect(clipped).toBe(`${'a'.repeat(99)}…`);
    expect(clipped.isWellFormed()).toBe(true);
  });
});
