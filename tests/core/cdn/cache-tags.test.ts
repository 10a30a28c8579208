import { describe, expect, it } from 'vitest';
import { formatTagHeader } from '../../../src/core/cdn/cache-tags.ts';

describe('formatTagHeader', () => {
  it('writes the header each CDN reads, with its separator', () => {
    expect(formatTagHeader('xkey', ['template:tpl-1', 'lists'])).toEqual(['xkey', 'template:tpl-1 lists']);
    expect(formatTagHeader('surrogate-key', ['template:tpl-1', 'lists'])).toEqual(['Surrogate-Key', 'template:tpl-1 lists']);
    expect(formatTagHeader('cache-tag', ['template:tpl-1', 'lists'])).toEqual(['Cache-Tag', 'template:tpl-1,lists']);
  });

  it('writes nothing without a configured header or without tags', () => {
    expect(formatTagHeader(undefined, ['lists'])).toEqual([]);
    expect(formatTagHeader('xkey', [])).toEqual([]);
  });
});
