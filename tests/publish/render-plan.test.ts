import { afterEach, describe, expect, it } from 'vitest';
import type { TemplatePage } from '../../src/contracts/published/keyed-outputs.ts';
import { countPagesToRender, installRenderPlan, readRenderPlan, removeRenderPlan, selectTemplatePages } from '../../src/publish/render-plan.ts';
import { selectRenders } from '../../src/publish/select-renders.ts';
import type { Template } from '../../src/schemas/template.ts';

afterEach(removeRenderPlan);
const page = (slug: string): TemplatePage => ({ path: `/templates/${slug}`, key: () => `${slug}@1`, params: { slug }, props: { template: { slug } as Template, related: [], socialImage: `/social/${slug}.0123456789ab.png` } });
const pages = ['a', 'b', 'c'].map(page);

describe('selectTemplatePages', () => {
  it('lists every page when no build listed the keyed outputs (astro dev)', () => {
    expect(readRenderPlan()).toBeUndefined();
    expect(selectTemplatePages(() => pages).map((p) => p.params.slug)).toEqual(['a', 'b', 'c']);
  });

  it('hands Astro only the pages the plan selected, and counts them for the progress', () => {
    const plan = installRenderPlan({ publish: true });
    plan.staticRoutes = 5;
    const selection = selectRenders([], new Map());
    selection.render = new Set(['/templates/b']);
    plan.keyed = { outputs: { pages, files: [] }, templates: new Map(), selection };
    expect(selectTemplatePages(() => [])).toEqual([{ params: { slug: 'b' }, props: pages[1]!.props }]);
    expect(countPagesToRender(plan)).toBe(6);
  });
});
