/**
 * Child process of the search suite: times loading one serialized index as the server does, in
 * a fresh process (no garbage from the parent's work). Usage:
 *   node scripts/bench/load-index.ts ours|minisearch INDEX_FILE TEMPLATES_FILE
 * Prints the milliseconds from reading the file to an index ready to search.
 */
import { readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import { createTemplateSearch } from '../../src/core/search/create-template-search.ts';
import { loadSearchIndex } from '../../src/core/search/search-index.ts';
import type { Template } from '../../src/schemas/template.ts';
import { MINISEARCH_OPTIONS } from './search-peers.ts';

const [kind, indexFile, templatesFile] = process.argv.slice(2);
const templates = JSON.parse(readFileSync(templatesFile!, 'utf8')) as Template[];
const t0 = performance.now();
if (kind === 'ours') createTemplateSearch(loadSearchIndex(readFileSync(indexFile!)), templates)('warm');
else MiniSearch.loadJSON(readFileSync(indexFile!, 'utf8'), MINISEARCH_OPTIONS).search('warm');
console.log((performance.now() - t0).toFixed(1));
