import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildNginxTemplate } from './lib/nginx-template.ts';

/**
 * Writes deploy/nginx/catalog.conf.template from the route table, the cache policy, the
 * published media types, the page links, the redirects and the security headers
 * (tests/deploy/nginx-template.test.ts fails when the committed file is behind them).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
writeFileSync(`${root}deploy/nginx/catalog.conf.template`, buildNginxTemplate(root));
console.log('wrote deploy/nginx/catalog.conf.template');
