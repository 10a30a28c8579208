import { join } from 'node:path';
import { fitTemplates, HOST_LIMITS, DOCUMENTED_UPLOAD_SHAPE } from '../../src/contracts/published/host-limits.ts';
import { planStaticHeaders } from '../../src/contracts/published/plan-static-headers.ts';
import { describeRoot, STAND_INS } from './nginx-template.ts';

const n = (x: number) => x.toLocaleString('en');

/** The host rule files as any build writes them (the same at every catalog size): from the tables, as the build makes them. */
export function planHostRules(projectRoot: string) {
  return planStaticHeaders({ ...STAND_INS, hstsMaxAge: 0, root: describeRoot(join(projectRoot, 'src/pages')) });
}

/** docs/deploying.md's lines on `_headers` and `_redirects`: how many rules, where each redirect goes. */
export function renderHostRules(projectRoot = '.'): string {
  const plan = planHostRules(projectRoot);
  return [
    `- \`_headers\` holds **${plan.rules.length + 1} rules** (Cloudflare takes 100) at every catalog size: \`/*\` with what every answer carries, then one a file route, a top-level page or a folder, none a template.`,
    ...plan.redirects.map(([from, to]) => `- \`_redirects\`: \`${from}\` → \`${to}\`, 301.`),
  ].join('\n');
}

/** docs/deploying.md's table of hosts: each one's limit and the prerendered templates (PRERENDER_TEMPLATES) it takes. */
export function renderHostLimits(): string {
  const shape = DOCUMENTED_UPLOAD_SHAPE;
  const rows = HOST_LIMITS.map((limit) => {
    const fits = fitTemplates(limit, shape);
    const what = limit.files !== undefined ? `${n(limit.files)} files a deploy` : limit.perFolder !== undefined ? `${n(limit.perFolder)} files a folder (\`${shape.largestFolder.path}/\`: ${shape.largestFolder.perTemplate} a template)` : 'none';
    return `| ${limit.host} | ${what} | ${Number.isFinite(fits) ? `up to ~${n(Math.floor(fits / 100) * 100)}` : 'any'} | \`${limit.plan}\` |`;
  });
  return [
    `An upload holds ~${shape.siteFiles} files for the site and ~${shape.perTemplate} for each prerendered template (its page and twin, its JSON by id and by slug, its posters and social image, its share of the list pages), siblings left out; the build's client folder, siblings included, ~${shape.clientPerTemplate} a template (\`tests/docs/deploying-figures.app.test.ts\` checks these against the test build):`,
    '',
    '| host | limit | prerendered templates it takes | `npm run check-upload -- --plan` |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}
