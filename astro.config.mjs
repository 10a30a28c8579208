// @ts-check
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';
import { readConfig } from './src/config/read-config.ts';
import { catalogIntegration } from './src/integrations/catalog-integration.ts';

const config = readConfig();

export default defineConfig({
  site: config.SITE_URL,
  output: 'static',
  outDir: config.DIST_DIR,
  trailingSlash: 'never',
  build: { format: 'file' },
  adapter: node({ mode: 'middleware' }),
  integrations: [catalogIntegration(config)],
});
