/**
 * Child process of the search suite: times loading one serialized index as the server does, in
 * a fresh process (no garbage from the parent's work). Usage:
 *   node scripts/bench/load-index.ts ours|minisearch INDEX_FILE CATALOG_FILE ({ templates, filterWords, topicalPairs })
 * Prints the milliseconds from reading the file to an index ready to search (ours: the query
 * search, with its constraint reader and filter columns).
 */
import { readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import { createQuerySearch, type QueryVocabulary } from '../../src/core/search/create-query-search.ts';
import { loadSearchIndex } from '../../src/core/search/search-index.ts';
import type { Template } from '../../src/schemas/template.ts';
import { MINISEARCH_OPTIONS } from './search-peers.ts';

const [kind, indexFile, catalogFile] = process.argv.slice(2);
// What the server has from catalog.json, parsed before the clock starts.
const { templates, ...vocabulary } = JSON.parse(readFileSync(catalogFile!, 'utf8')) as { templates: Template[] } & QueryVocabulary;
const t0 = performance.now();
if (kind === 'ours') createQuerySearch(loadSearchIndex(readFileSync(indexFile!)), templates, vocabulary)('warm');
else MiniSearch.loadJSON(readFileSync(indexFile!, 'utf8'), MINISEARCH_OPTIONS).search('warm');
console.log((performance.now() - t0).toFixed(1));
