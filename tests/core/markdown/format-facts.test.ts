import { describe, expect, it } from 'vitest';
import { describeEditable, formatClock, formatDuration, formatPrice } from '../../../src/core/markdown/format-facts.ts';
import { escapeMarkdown, mdLink } from '../../../src/core/markdown/markdown-text.ts';

describe('formatPrice', () => {
  it('says Free for 0 cents', () => expect(formatPrice(0)).toBe('Free'));
  it('shows whole dollars without cents', () => expect(formatPrice(1900)).toBe('$19 per export'));
  it('shows cents when there are some', () => expect(formatPrice(1950)).toBe('$19.50 per export'));
});

describe('formatDuration', () => {
  it('shows seconds under a minute', () => expect(formatDuration(15)).toBe('15 s'));
  it('shows whole minutes', () => expect(formatDuration(120)).toBe('2 min'));
  it('shows minutes and seconds', () => expect(formatDuration(95)).toBe('1 min 35 s'));
  it('rounds fractional seconds', () => expect(formatDuration(7.6)).toBe('8 s'));
});

describe('formatClock', () => {
  it('pads seconds', () => expect(formatClock(65)).toBe('1:05'));
});

describe('describeEditable', () => {
  it('names counts and switches in reading order', () => {
    expect(describeEditable({ text: 1, images: 0, colors: 2, music: false, voice: true })).toEqual(['1 text field', '2 colours', 'voice-over']);
  });
  it('is empty without editable parts', () => expect(describeEditable(undefined)).toEqual([]));
});

describe('escapeMarkdown', () => {
  it('escapes characters that would format or link', () => {
    expect(escapeMarkdown('a*b_c[d](e) `f` <g> #h |i')).toBe('a\\*b\\_c\\[d\\](e) \\`f\\` \\<g\\> \\#h \\|i');
  });
  it('folds line breaks so a value cannot start a new block', () => {
    expect(escapeMarkdown('one\n\n# two')).toBe('one \\# two');
  });
});

describe('mdLink', () => {
  it('encodes parentheses and spaces in the address', () => {
    expect(mdLink('x', 'https://a.example/b (c)')).toBe('[x](https://a.example/b%20%28c%29)');
  });
});
