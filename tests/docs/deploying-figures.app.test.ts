import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { planHostRules } from '../../scripts/lib/render-host-blocks.ts';
import { DOCUMENTED_UPLOAD_SHAPE } from '../../src/contracts/published/host-limits.ts';
import { measureUpload } from '../../src/publish/measure-upload.ts';

// docs/deploying.md prints these from code (npm run docs); the build must agree with the code.
const client = () => join(inject('distDir'), 'client');
const rulesOf = (file: string) => readFileSync(join(client(), file), 'utf8').split('\n').filter((l) => l.startsWith('/'));

describe('docs/deploying.md figures', () => {
  it("counts the build's _headers rules and names its redirects as the build writes them", () => {
    const plan = planHostRules('.');
    expect(rulesOf('_headers')).toHaveLength(plan.rules.length + 1);
    expect(rulesOf('_redirects')).toEqual(plan.redirects.map(([from, to]) => `${from} ${to} 301`));
  });

  it('states the files an upload holds for the site and for each template as the test build measures them', () => {
    const measured = measureUpload(client());
    expect(Math.abs(measured.siteFiles - DOCUMENTED_UPLOAD_SHAPE.siteFiles)).toBeLessThanOrEqual(5);
    expect(Math.abs(measured.perTemplate - DOCUMENTED_UPLOAD_SHAPE.perTemplate)).toBeLessThanOrEqual(0.3);
    expect(Math.abs(measured.clientPerTemplate - DOCUMENTED_UPLOAD_SHAPE.clientPerTemplate)).toBeLessThanOrEqual(1);
    expect(measured.largestFolder.path).toBe(DOCUMENTED_UPLOAD_SHAPE.largestFolder.path);
    expect(Math.abs(measured.largestFolder.perTemplate - DOCUMENTED_UPLOAD_SHAPE.largestFolder.perTemplate)).toBeLessThanOrEqual(0.3);
  });
});
