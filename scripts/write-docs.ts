/**
 * `npm run docs`: writes the tables the README prints from code (between `<!-- name:start -->`
 * and `<!-- name:end -->` markers), so the README never retypes a fact the code holds.
 * tests/docs/readme-tables.test.ts fails when the README is behind.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { README_TABLES, replaceGeneratedBlock } from './lib/readme-blocks.ts';

const file = new URL('../README.md', import.meta.url);
let text = readFileSync(file, 'utf8');
for (const [name, render] of Object.entries(README_TABLES)) text = replaceGeneratedBlock(text, name, render());
writeFileSync(file, text);
console.log(`README.md: wrote ${Object.keys(README_TABLES).join(', ')}`);
