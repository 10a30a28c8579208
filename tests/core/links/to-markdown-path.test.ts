import { describe, expect, it } from 'vitest';
import { toMarkdownPath } from '../../../src/core/links/to-markdown-path.ts';

describe('toMarkdownPath', () => {
  it('maps pages to their twins and leaves files alone', () => {
    expect(toMarkdownPath('/')).toBe('/index.md');
    expect(toMarkdownPath('/templates/x')).toBe('/templates/x.md');
    expect(toMarkdownPath('/openapi.json')).toBeNull();
    expect(toMarkdownPath('/docs/')).toBeNull();
  });
});
