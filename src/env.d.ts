/// <reference types="astro/client" />
import type { Catalog } from './core/catalog/catalog.ts';
import type { Config } from './schemas/config.ts';

declare global {
  namespace App {
    /** What the Node layer hands to on-demand pages: the loaded catalog and the config. */
    interface Locals {
      catalog: Catalog;
      config: Config;
      /** A tail template page's social image address (createTemplatePageRenderer), found before the page renders. */
      socialImage?: string;
    }
  }
}
