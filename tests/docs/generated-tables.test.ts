import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_TABLES, readGeneratedBlock } from '../../scripts/lib/doc-blocks.ts';
import { UNDESCRIBED } from '../../scripts/lib/render-layout.ts';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('tables printed from code', () => {
  it.each(Object.entries(GENERATED_TABLES))('shows the current %s in its page (run `npm run docs` after changing it)', (name, { file, render }) => {
    expect(readGeneratedBlock(read(file), name)).toBe(render());
  });

  it('describes every folder of the layout', () => {
    expect(readGeneratedBlock(read(GENERATED_TABLES.layout!.file), 'layout')).not.toContain(UNDESCRIBED);
  });
});
