import type { AstroIntegration } from 'astro';
import type { Config } from '../schemas/config.ts';
import { CatalogError } from '../core/catalog/validate-catalog.ts';
import { loadSiteCatalog } from '../site/load-site-catalog.ts';

/**
 * Validates the catalog before Astro renders anything, so bad data stops the build with
 * one friendly list of `file: field: rule` lines instead of a stack trace from a page.
 */
export function catalogIntegration(config: Config): AstroIntegration {
  return {
    name: 'template-catalog',
    hooks: {
      'astro:build:start': ({ logger }) => {
        try {
          const { valid } = loadSiteCatalog(config);
          logger.info(`catalog: ${valid.entries.length} templates in ${valid.categories.length} categories`);
        } catch (err) {
          if (!(err instanceof CatalogError)) throw err;
          logger.error(err.message);
          process.exit(1);
        }
      },
    },
  };
}
