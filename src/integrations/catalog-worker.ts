/**
 * The worker thread that loads the catalog for a build (load-catalog.ts starts it): validates
 * and indexes it, lists its keyed outputs and selects what to render, while the main thread
 * imports and bundles. It posts back what the main thread cannot cheaply make again, then the
 * catalog-wide files, then records what it validated.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getBuildTime, holdBuildTime } from '../contracts/published/build-time.ts';
import { listCatalogFiles } from '../contracts/published/catalog-files.ts';
import { CatalogError } from '../core/catalog/validate-catalog.ts';
import { selectRenders } from '../publish/select-renders.ts';
import { openValidatedFiles } from '../publish/validated-store.ts';
import { openRelatedWords } from '../publish/related-store.ts';
import { loadSiteCatalogFirst, type SiteCatalog } from '../site/load-site-catalog.ts';
import { keyOutputs, listOutputs } from './list-keyed.ts';
import type { CatalogJob, LoadedCatalog, WorkerAnswer, WorkerFiles } from './load-catalog.ts';

const { config, builtAt, validated, source } = workerData as CatalogJob;
holdBuildTime(new Date(builtAt));
let answer: WorkerAnswer;
let record = () => {};
let site: SiteCatalog | undefined;
try {
  const first = loadSiteCatalogFirst(config, validated && openValidatedFiles(validated), validated && openRelatedWords(validated));
  site = first.site;
  record = first.record;
  const listing = listOutputs(site, config);
  const keyed = keyOutputs(listing.outputs, site);
  const { catalog, valid } = site;
  const loaded: LoadedCatalog = {
    categories: valid.categories,
    entries: JSON.stringify(valid.entries.map((e) => [e.source, e.data])),
    index: catalog.index,
    filterWords: catalog.filterWords,
    topicalPairs: catalog.topicalPairs,
    digests: catalog.templates.map((t) => keyed.templates.get(t.id)!),
    listing: listing.digest,
    selection: selectRenders(keyed.entries, keyed.templates, source),
  };
  answer = { loaded };
} catch (err) {
  answer = err instanceof CatalogError ? { problems: err.problems } : { error: (err as Error).stack ?? String(err) };
}
// The postings move rather than copy: arrays that are whole buffers of their own.
const arrays = 'loaded' in answer ? Object.values(answer.loaded.index.postings) : [];
const whole = arrays.filter((a) => a.byteOffset === 0 && a.byteLength === a.buffer.byteLength).map((a) => a.buffer as ArrayBuffer);
parentPort!.postMessage(answer, [...new Set(whole)]);
// After answering, off the main thread's path: the catalog-wide files, rendered here and written
// by the main thread's compress pool (10,000 templates: ~0.5 s of the main thread's time).
if (site) {
  let files: WorkerFiles;
  try {
    const rendered = listCatalogFiles(site.catalog, config.SITE_URL, getBuildTime());
    files = { files: rendered.map((f) => ({ file: f.file, text: f.render() })) };
  } catch (err) {
    files = { filesError: (err as Error).stack ?? String(err) };
  }
  parentPort!.postMessage(files);
}
// Last: the next publish's record (the publish waits for it before it ends). Without it the next
// publish validates every file again: slower, not wrong, so it is said and the build goes on.
try {
  record();
} catch (err) {
  console.warn(`catalog: the record of validated files was not written (${(err as Error).message}); the next publish validates every file again`);
}
