import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildNginxTemplate, NGINX_VARIABLES } from '../../scripts/lib/nginx-template.ts';
import { NGINX_TEMPLATE } from '../../scripts/lib/nginx.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('buildNginxTemplate', () => {
  it('matches the committed deploy/nginx/catalog.conf.template (run `npm run nginx-template` after changing a table)', () => {
    expect(readFileSync(NGINX_TEMPLATE, 'utf8')).toBe(buildNginxTemplate(root));
  });

  it('leaves only the documented variables to envsubst', () => {
    const used = new Set([...readFileSync(NGINX_TEMPLATE, 'utf8').matchAll(/\$\{([A-Z_]+)\}/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual([...NGINX_VARIABLES].sort());
  });
});
