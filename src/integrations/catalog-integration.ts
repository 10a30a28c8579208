import type { AstroIntegration } from 'astro';
import type { Config } from '../schemas/config.ts';
import { CatalogError } from '../core/catalog/validate-catalog.ts';
import { digestTemplate } from '../core/catalog/digest-template.ts';
import { loadSiteCatalog } from '../site/load-site-catalog.ts';
import { readRenderPlan } from '../publish/render-plan.ts';

/**
 * Validates the catalog before Astro renders anything, so bad data stops the build with
 * one friendly list of `file: field: rule` lines instead of a stack trace from a page. The
 * catalog loaded here is the one every page of the build reads (loadSiteCatalog keeps it).
 */
export function catalogIntegration(config: Config): AstroIntegration {
  return {
    name: 'template-catalog',
    hooks: {
      // A publish counts the pages ahead (progress) and checks its keyed routes against these.
      'astro:routes:resolved': ({ routes }) => {
        const plan = readRenderPlan();
        if (!plan) return;
        const prerendered = routes.filter((r) => r.isPrerendered);
        plan.routes = new Set(prerendered.map((r) => r.pattern));
        plan.staticRoutes = prerendered.filter((r) => r.params.length === 0).length;
      },
      'astro:build:start': ({ logger }) => {
        const plan = readRenderPlan();
        try {
          const { valid, catalog } = loadSiteCatalog(config);
          logger.info(`catalog: ${valid.entries.length} templates in ${valid.categories.length} categories`);
          if (plan) plan.templates = new Map(catalog.templates.map((t) => [t.id, digestTemplate(t)]));
        } catch (err) {
          if (!(err instanceof CatalogError)) throw err;
          // Under a publish the error ends the build and the publish reports it (and cleans up).
          if (plan) {
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
