import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { README_TABLES, readGeneratedBlock } from '../../scripts/lib/readme-blocks.ts';
import { UNDESCRIBED } from '../../scripts/lib/render-layout.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README tables printed from code', () => {
  it.each(Object.entries(README_TABLES))('shows the current %s (run `npm run docs` after changing it)', (name, render) => {
    expect(readGeneratedBlock(readme, name)).toBe(render());
  });

  it('describes every folder of the layout', () => {
    expect(readGeneratedBlock(readme, 'layout')).not.toContain(UNDESCRIBED);
  });
});
