import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fillRoute, installRenderPlan, readRenderPlan, removeRenderPlan, selectStaticPaths } from '../../src/publish/render-plan.ts';

afterEach(removeRenderPlan);
const entries = ['a', 'b', 'c'].map((slug) => ({ params: { slug }, props: { version: slug === 'b' ? 2 : 1 } }));
const keyOf = (e: (typeof entries)[number]) => `${e.params.slug}@${e.props.version}`;

describe('selectStaticPaths', () => {
  it('hands Astro every path when no publish installed a plan', () => {
    expect(readRenderPlan()).toBeUndefined();
    expect(selectStaticPaths('/templates/[slug]', entries, keyOf)).toEqual(entries);
  });

  it('leaves out the paths whose key the previous build holds, and records every key', () => {
    const plan = installRenderPlan(new Map([['/templates/a', 'a@1'], ['/templates/b', 'b@1']]));
    expect(selectStaticPaths('/templates/[slug]', entries, keyOf).map((e) => e.params.slug)).toEqual(['b', 'c']);
    expect([...plan.keys]).toEqual([['/templates/a', 'a@1'], ['/templates/b', 'b@2'], ['/templates/c', 'c@1']]);
    expect([...plan.reused]).toEqual(['/templates/a']);
    expect(plan.keyedRoutes).toEqual(new Set(['/templates/[slug]']));
    expect(selectStaticPaths('/categories/[category]', [{ params: { category: 'x' } }])).toHaveLength(1);
    expect(plan.rendering).toBe(3);
  });
});

describe('fillRoute', () => {
  it('fills the parameters and encodes the path as a request path', () => {
    expect(fillRoute('/posters/[name].svg', { name: 'café 1' })).toBe('/posters/caf%C3%A9%201.svg');
    expect(fillRoute('/api/v1/templates/[id]', { id: 'tpl-1' })).toBe('/api/v1/templates/tpl-1');
  });
});

describe('keyed routes', () => {
  it('name themselves by the pattern of the file they sit in', () => {
    const pages = 'src/pages';
    const files = readdirSync(pages, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    const named = files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/selectStaticPaths\('([^']+)'/g)].map((m) => [file, m[1]!]));
    expect(named.length).toBeGreaterThanOrEqual(6);
    for (const [file, pattern] of named) expect(`/${relative(pages, file!).replace(/\.(astro|ts)$/, '')}`, file).toBe(pattern);
  });
});
