import { describe, expect, it } from 'vitest';
import { prefersMarkdown } from '../../src/http/markdown-negotiation.ts';

describe('prefersMarkdown', () => {
  it.each([
    ['text/markdown', true],
    ['text/markdown, text/html', true],
    ['text/html, text/markdown', false],
    ['text/markdown;q=0.9, text/html', false],
    ['text/html;q=0.5, text/markdown', true],
    ['text/markdown;q=0', false],
    ['text/markdown; charset=utf-8; q=0.8, */*;q=0.1', true],
    ['text/*', false],
    ['*/*', false],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
    ['TEXT/MARKDOWN', true],
    ['text/markdown;q=bogus, text/html;q=0.1', false],
    [undefined, false],
  ])('Accept: %s → %s', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });
});
