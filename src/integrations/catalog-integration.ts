import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Config } from '../schemas/config.ts';
import { CatalogError } from '../core/catalog/validate-catalog.ts';
import { digestTemplate } from '../core/catalog/digest-template.ts';
import { listTemplateFiles } from '../contracts/published/template-files.ts';
import { listTemplatePages } from '../contracts/published/template-pages.ts';
import { loadSiteCatalog } from '../site/load-site-catalog.ts';
import { installRenderPlan, readRenderPlan, type RenderPlan } from '../publish/render-plan.ts';
import { selectRenders } from '../publish/select-renders.ts';
import { queueKeyedFiles } from '../publish/queue-keyed-files.ts';

/** Lists the keyed outputs of the loaded catalog and selects what this build renders. */
function planKeyedOutputs(config: Config, plan: RenderPlan): void {
  const site = loadSiteCatalog(config, plan.validated);
  const outputs = { pages: listTemplatePages({ entries: site.valid.entries, catalog: site.catalog }), files: listTemplateFiles({ entries: site.valid.entries, catalog: site.catalog }) };
  const templates = new Map(site.catalog.templates.map((t) => [t.id, digestTemplate(t)]));
  // Astro writes a page at `/templates/x` as templates/x.html (build.format 'file').
  const entries = [
    ...outputs.pages.map(({ path, key }) => ({ path, key, file: `${decodeURI(path.slice(1))}.html` })),
    ...outputs.files.map(({ path, key, file }) => ({ path, key, file })),
  ];
  plan.keyed = { outputs, templates, selection: selectRenders(entries, templates, plan.source) };
}

/**
 * Loads and validates the catalog before Astro renders anything, so bad data stops the build
 * with one friendly list of `file: field: rule` lines instead of a stack trace from a page; the
 * catalog loaded here is the one every page of the build reads (loadSiteCatalog keeps it). It
 * then lists the keyed outputs (render-plan.ts): Astro renders the selected template pages,
 * and the compress pool writes the selected keyed files meanwhile (queue-keyed-files.ts).
 */
export function catalogIntegration(config: Config): AstroIntegration {
  let keyedDir = '';
  return {
    name: 'template-catalog',
    hooks: {
      'astro:config:done': ({ config: astro }) => {
        keyedDir = `${fileURLToPath(astro.outDir).replace(/\/+$/, '')}.keyed`;
      },
      // A publish counts the pages ahead (progress) and checks the template route against these.
      'astro:routes:resolved': ({ routes }) => {
        const plan = readRenderPlan();
        if (!plan) return;
        const prerendered = routes.filter((r) => r.isPrerendered);
        plan.routes = new Set(prerendered.map((r) => r.pattern));
        plan.staticRoutes = prerendered.filter((r) => r.params.length === 0).length;
      },
      'astro:build:start': ({ logger }) => {
        const plan = readRenderPlan() ?? installRenderPlan({ publish: false });
        try {
          planKeyedOutputs(config, plan);
          const { render } = plan.keyed!.selection;
          logger.info(`catalog: ${plan.keyed!.templates.size} templates; ${render.size} keyed outputs to render`);
          queueKeyedFiles(plan, keyedDir);
        } catch (err) {
          if (!(err instanceof CatalogError)) throw err;
          // Under a publish the error ends the build and the publish reports it (and cleans up).
          if (plan.publish) {
            plan.catalogError = err.message;
            throw err;
          }
          logger.error(err.message);
          process.exit(1);
        }
      },
    },
  };
}
