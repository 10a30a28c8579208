import { describe, expect, it } from 'vitest';
import { splitQueryWords, tokenizeText } from '../../../src/core/search/tokenize-text.ts';

describe('tokenizeText', () => {
  it('splits on spaces and punctuation and also indexes punctuated words run together', () => {
    expect(tokenizeText('Sign-up in 3 steps: pre-order now!')).toEqual(['sign', 'up', 'signup', 'in', '3', 'steps', 'pre', 'order', 'preorder', 'now']);
    expect(tokenizeText("What's new")).toEqual(['what', 's', 'whats', 'new']);
    expect(tokenizeText('16:9')).toEqual(['16', '9']);
  });
});

describe('splitQueryWords', () => {
  it('gives the words of a query without run-together extras', () => {
    expect(splitQueryWords('Sign-up  VIDEO')).toEqual(['sign', 'up', 'video']);
  });
});
