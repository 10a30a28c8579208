/**
 * Child process of the search suite: times loading one serialized index as the server does, in
 * a fresh process (no garbage from the parent's work). Usage:
 *   node scripts/bench/load-index.ts ours|minisearch INDEX_FILE TEMPLATES_FILE
 * Prints the milliseconds from reading the file to an index ready to search (ours: with the
 * constraint reader: its filter columns and topical pairs come from the templates).
 */
import { readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import { createQuerySearch } from '../../src/core/search/create-query-search.ts';
import { loadSearchIndex } from '../../src/core/search/search-index.ts';
import { readFilterWords } from '../../src/site/load-site-catalog.ts';
import type { Template } from '../../src/schemas/template.ts';
import { MINISEARCH_OPTIONS } from './search-peers.ts';

const [kind, indexFile, templatesFile] = process.argv.slice(2);
const templates = JSON.parse(readFileSync(templatesFile!, 'utf8')) as Template[];
const t0 = performance.now();
const text = readFileSync(indexFile!, 'utf8');
if (kind === 'ours') createQuerySearch(loadSearchIndex(text), templates, readFilterWords('templates'))('warm');
else MiniSearch.loadJSON(text, MINISEARCH_OPTIONS).search('warm');
console.log((performance.now() - t0).toFixed(1));
