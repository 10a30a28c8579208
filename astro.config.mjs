// @ts-check
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';
import { readConfig } from './src/config/read-config.ts';
import { catalogIntegration } from './src/integrations/catalog-integration.ts';
import { precompressIntegration } from './src/integrations/precompress.ts';

const config = readConfig();

export default defineConfig({
  site: config.SITE_URL,
  output: 'static',
  outDir: config.DIST_DIR,
  trailingSlash: 'never',
  // CSS as files only: cached once for every page, and no inline <style> for the CSP to hash.
  build: { format: 'file', inlineStylesheets: 'never' },
  adapter: node({ mode: 'middleware' }),
  // precompress last: it must see every file the other integrations write
  integrations: [catalogIntegration(config), precompressIntegration()],
});
