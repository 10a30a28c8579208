// @ts-check
import { defineConfig } from 'astro/config';
import { readConfig } from './src/config/read-config.ts';
import { appAdapter } from './src/integrations/app-adapter.ts';
import { catalogIntegration } from './src/integrations/catalog-integration.ts';
import { precompressIntegration } from './src/integrations/precompress.ts';

const config = readConfig();
/** @type {import('vite').Rolldown.CodeSplittingOptions} */
const sheetChunks = { groups: [{ name: chunkOfStylesheet }] };
/** @type {import('vite').EnvironmentOptions} */
const bundleEverything = { resolve: { noExternal: true, external: ['sharp'] }, build: { rolldownOptions: { output: { codeSplitting: sheetChunks } } } };
/**
 * The prerender bundle only runs in the build process and is deleted after it, so it leaves
 * packages to Node (10,000 templates: the prerender bundle took 2.2 s bundling every package,
 * 1.25 s without; BENCHMARKS.md, publish). They are imported by absolute URL, resolved from the
 * project root: the bundle is written under DIST_DIR, where no node_modules may be found.
 * @param {string} id
 */
const importFromProject = (id) => (/^(node:|\.|\/)/.test(id) ? id : import.meta.resolve(id));
/**
 * Each stylesheet is a chunk, so a file, of its own, named after its component, in the server
 * bundle and the prerender bundle alike: a component's, layout's or page's style block, and a
 * plain sheet (src/styles) with the block of the component importing it. Its name and bytes
 * then do not depend on which pages a bundle holds, so a template page rendered on demand (the
 * tail) links exactly the files its prerendered twin does. Only style modules are named: a
 * Rolldown group (`manualChunks` becomes one) takes along every dependency of a module it
 * captures, so naming components too put a layout and its sheets in whichever component's chunk
 * the chunking pass met first: CategoryPage's in the prerender bundle, TemplatePage's in the
 * server one. Vite drops these chunks' empty JS after Astro has read which pages they serve.
 * A page links one file per component with styles (a template page 8), each cached immutably.
 * @param {string} id
 * @param {import('vite').Rolldown.ChunkingContext} ctx
 */
function chunkOfStylesheet(id, ctx) {
  if (!/(?:\.|&lang\.)css$/.test(id)) return undefined;
  const name = nameComponent(id) ?? ctx.getModuleInfo(id)?.importers.map(nameComponent).filter(Boolean).sort()[0];
  // Left to Rolldown, it would land in a chunk that differs between the bundles again.
  if (!name) throw new Error(`${id}: a stylesheet must be imported by a component, a layout or a page (astro.config.mjs, chunkOfStylesheet)`);
  return name;
}
/** @param {string} id an .astro file, or one of its style blocks: `components-template-TemplatePage` */
const nameComponent = (id) => /\/src\/((?:components|layouts|pages)\/.+?)\.astro/.exec(id)?.[1]?.replaceAll('/', '-');

export default defineConfig({
  site: config.SITE_URL,
  output: 'static',
  outDir: config.DIST_DIR,
  trailingSlash: 'never',
  // CSS as files only: cached once for every page, and no inline <style> for the CSP to hash.
  // Pages render 8 at a time: rendering one is ~0.1 ms of JS around ~1 ms of mkdir/open/write,
  // so one at a time left the main thread idle (2,000 templates: 32.8 s → 24.1 s; BENCHMARKS.md, publish).
  build: { format: 'file', inlineStylesheets: 'never', concurrency: 8 },
  // On-demand pages through Astro's Request → Response app (src/integrations/app-entry.ts).
  adapter: appAdapter(),
  // The server chunks import no bare package names, so a build runs and serves from any folder
  // (DIST_DIR=/srv/catalog/dist): Node resolves bare imports from the importing file's folder up,
  // and outside the checkout there is no node_modules to find. sharp stays external: it is
  // native, optional, and no page imports it. The prerender chunks import packages by URL.
  // Scripts as files too (Astro inlines small ones by default): a page holds no executable inline
  // script, so one Content-Security-Policy without hashes fits every page (src/core/page-security.ts)
  // and a static host's rules can carry it. Other assets keep Vite's default limit.
  vite: {
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
    environments: { ssr: bundleEverything, prerender: { build: { rolldownOptions: { output: { paths: importFromProject, codeSplitting: sheetChunks } } } } },
  },
  // precompress last: it must see every file the other integrations write
  integrations: [catalogIntegration(config), precompressIntegration()],
});
