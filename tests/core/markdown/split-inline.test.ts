import { describe, expect, it } from 'vitest';
import { splitInline } from '../../../src/core/markdown/split-inline.ts';

const SITE = 'https://catalog.test';

describe('splitInline', () => {
  it('turns backticks into code and the site addresses into root-relative links, punctuation left as text', () => {
    expect(splitInline(`See ${SITE}/docs.md, or \`${SITE}/x\`. Home: ${SITE}.`, SITE)).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: `${SITE}/docs.md`, href: '/docs.md' },
      { kind: 'text', text: ', or ' },
      { kind: 'code', text: `${SITE}/x` },
      { kind: 'text', text: '. Home: ' },
      { kind: 'link', text: SITE, href: '/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves addresses it may not link as text, and other sites alone', () => {
    const parts = splitInline(`POST ${SITE}/api/mcp; see https://other.example/x`, SITE, (path) => !path.startsWith('/api/'));
    expect(parts).toEqual([{ kind: 'text', text: `POST ${SITE}/api/mcp; see https://other.example/x` }]);
  });
});
