/**
 * Writes a synthetic catalog of any size for benchmarks and scale tests.
 * Usage: node scripts/generate-catalog.ts --count 10000 --out /tmp/catalog-10k [--seed 1] [--vocabulary small|realistic]
 * Deterministic for a given seed, so two runs produce the same files. `small` (the default,
 * used by the scale and HTTP suites) writes from ~70 words; `realistic` writes titles, tags and
 * descriptions from thousands of words with a Zipf-like spread (scripts/bench/realistic-words.ts),
 * for the search benchmark. The files come from scripts/lib/synthetic-catalog.ts.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSyntheticCatalog } from './lib/synthetic-catalog.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    out: { type: 'string' },
    seed: { type: 'string', default: '1' },
    vocabulary: { type: 'string', default: 'small' },
  },
});
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || !values.out) {
  console.error('usage: node scripts/generate-catalog.ts --count N --out DIR [--seed S] [--vocabulary small|realistic]');
  process.exit(2);
}

const catalog = createSyntheticCatalog({ count, seed: Number(values.seed), vocabulary: values.vocabulary === 'realistic' ? 'realistic' : 'small' });
rmSync(values.out, { recursive: true, force: true });
mkdirSync(values.out, { recursive: true });
writeFileSync(join(values.out, '_categories.json'), catalog.categories);
// The search's synonyms and filter words travel with a realistic catalog, as they do with the real one.
for (const table of catalog.tables) copyFileSync(join('templates', table), join(values.out, table));
for (const file of catalog.files) writeFileSync(join(values.out, file.name), file.text);
console.log(`wrote ${count} templates to ${values.out}`);
