import { describe, expect, it } from 'vitest';
import { readRawPath, readSearch } from '../../src/function/read-target.ts';

describe('readSearch', () => {
  it('gives what the URL parser gives for every query a client may send', () => {
    const hrefs = [
      'http://h/a', 'http://h/a?', 'http://h/a?q=launch&limit=10', 'http://h/a?q=x y', 'http://h/a?q="<b>"\'',
      'http://h/a#x?y', 'http://h/a?b#c', 'http://h/a?#', 'http://h/a?q=é', 'http://h/a??x=1', 'http://h/a?q=%zz%20+~!$(),;:@/?=&',
    ];
    // Every printable ASCII character and a few others, alone and in pairs, in the query.
    const chars = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), '\t', 'ü', '\u2028'];
    for (const a of chars) for (const b of ['', 'x', '#', '%']) hrefs.push(`http://h/p?q=${a}${b}`);
    for (const href of hrefs) expect(readSearch(href), href).toBe(new URL(href).search);
  });
});

describe('readRawPath', () => {
  it('keeps the path as sent, dot segments and escapes included', () => {
    expect(readRawPath('http://h/api/../x?y#z')).toBe('/api/../x');
    expect(readRawPath('http://h/a%2Fb')).toBe('/a%2Fb');
    expect(readRawPath('http://h')).toBe('/');
  });
});
