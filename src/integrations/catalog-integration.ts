import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Config } from '../schemas/config.ts';
import { CatalogError } from '../core/catalog/validate-catalog.ts';
import { installRenderPlan, readRenderPlan, type RenderPlan } from '../publish/render-plan.ts';
import { locateKeyedDir } from '../publish/keyed-folder.ts';
import { queueCatalogFiles, queueKeyedFiles } from '../publish/queue-keyed-files.ts';
import { identifySocialRenderer } from '../publish/social-image-raster.ts';
import { shareSocialRenderer } from '../publish/social-renderer.ts';
import { loadCatalogFor, receiveCatalog, type CatalogLoad } from './load-catalog.ts';

/**
 * Loads and validates the catalog for a build, so bad data stops it with one friendly list of
 * `file: field: rule` lines instead of a stack trace from a page. The catalog is loaded on a
 * worker thread from the start of the build (load-catalog.ts) and taken over as soon as it is
 * loaded, while Astro still bundles: that is the catalog every page of the build reads. With it
 * come the keyed outputs (render-plan.ts): Astro renders the selected template pages, and the
 * compress pool writes the selected keyed files meanwhile (queue-keyed-files.ts).
 */
export function catalogIntegration(config: Config): AstroIntegration {
  let plan: RenderPlan | undefined;
  let loading: CatalogLoad | undefined;
  return {
    name: 'template-catalog',
    hooks: {
      'astro:config:setup': ({ command }) => {
        // The pages name social images by the renderer's identity (src/contracts/published/social-images.ts).
        shareSocialRenderer(identifySocialRenderer());
        if (command !== 'build') return;
        plan = readRenderPlan() ?? installRenderPlan({ publish: false });
        loading = loadCatalogFor(config, plan);
      },
      'astro:config:done': ({ config: astro }) => {
        if (!plan || !loading) return;
        const keyedDir = locateKeyedDir(fileURLToPath(astro.outDir));
        const taken = plan;
        // Taken over and queued as soon as the worker answers, while Astro still bundles: the
        // pool writes and compresses the keyed and catalog-wide files beside the bundling.
        taken.receiving = loading.loaded.then((loaded) => {
          receiveCatalog(config, loaded, taken);
          queueKeyedFiles(taken, keyedDir);
        });
        taken.catalogFilesQueued = Promise.all([taken.receiving, loading.catalogFiles]).then(([, files]) => queueCatalogFiles(taken, files));
        taken.receiving.catch(() => {}); // reported where it is awaited, before the first page renders
        taken.catalogFilesQueued.catch(() => {}); // awaited before the pool finishes
      },
      // A publish counts the pages ahead (progress) and checks the template route against these.
      'astro:routes:resolved': ({ routes }) => {
        const current = readRenderPlan();
        if (!current) return;
        const prerendered = routes.filter((r) => r.isPrerendered);
        current.routes = new Set(prerendered.map((r) => r.pattern));
        current.staticRoutes = prerendered.filter((r) => r.params.length === 0).length;
      },
      // After bundling, before the first page renders: the catalog must be this process's by then.
      'astro:build:ssr': async ({ logger }) => {
        if (!plan?.receiving) return;
        try {
          await plan.receiving;
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
        const keyed = plan.keyed!;
        logger.info(`catalog: ${keyed.templates.size} templates; ${keyed.selection.render.size} keyed outputs to render`);
      },
    },
  };
}
