/**
 * `npm run docs`: writes the tables the documentation prints from code (between
 * `<!-- name:start -->` and `<!-- name:end -->` markers, in the file each table lives in), so no
 * page retypes a fact the code holds. tests/docs/generated-tables.test.ts fails when one is behind.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { GENERATED_TABLES, replaceGeneratedBlock } from './lib/doc-blocks.ts';

const root = new URL('../', import.meta.url);
for (const [name, { file, render }] of Object.entries(GENERATED_TABLES)) {
  const url = new URL(file, root);
  const text = readFileSync(url, 'utf8');
  writeFileSync(url, replaceGeneratedBlock(text, name, render()));
  console.log(`${file}: wrote ${name}`);
}
