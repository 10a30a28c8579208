import { describe, expect, it } from 'vitest';
import { scanAsciiWords, splitQueryWords, tokenizeText } from '../../../src/core/search/tokenize-text.ts';
import { createPrng } from '../../../scripts/lib/prng.ts';
import * as reference from './reference/tokenize-text.ts';

// Every ASCII character, and a few past it: accents, a dotted capital I (lower-cased to two
// code units), no-break and em spaces, a dash, a curly apostrophe, CJK, an emoji.
const ALPHABET = [...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)), 'é', 'İ', '\u00a0', '\u2003', '—', '’', '日', 'ß', '\u{1f600}'];

describe('tokenizeText', () => {
  it('splits on spaces and punctuation and also indexes punctuated words run together', () => {
    expect(tokenizeText('Sign-up in 3 steps: pre-order now!')).toEqual(['sign', 'up', 'signup', 'in', '3', 'steps', 'pre', 'order', 'preorder', 'now']);
    expect(tokenizeText("What's new")).toEqual(['what', 's', 'whats', 'new']);
    expect(tokenizeText('16:9')).toEqual(['16', '9']);
  });

  it('gives the reference tokenizer’s words for random text, ASCII and past it', () => {
    const prng = createPrng(18);
    for (let k = 0; k < 20_000; k++) {
      // Half the texts stay in ASCII (the fast path), half may leave it (the expressions).
      const letters = k % 2 ? ALPHABET.slice(0, 128) : ALPHABET;
      const text = Array.from({ length: prng.int(16) }, () => prng.pick(letters)).join('');
      expect(tokenizeText(text), JSON.stringify(text)).toEqual(reference.tokenizeText(text));
    }
  });
});

describe('scanAsciiWords', () => {
  it('gives each word as a range, a run-together word spanning its chunk after its parts', () => {
    const seen: string[] = [];
    scanAsciiWords("(sign-up) what's 3d", (text, from, to, _, joined) => seen.push(`${text.slice(from, to)}${joined ? `/${joined}` : ''}`));
    expect(seen).toEqual(['sign', 'up', '(sign-up)/2', 'what', 's', "what's/2", '3d']);
  });
});

describe('splitQueryWords', () => {
  it('gives the words of a query without run-together extras', () => {
    expect(splitQueryWords('Sign-up  VIDEO')).toEqual(['sign', 'up', 'video']);
  });
});
