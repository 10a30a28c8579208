import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/config/read-config.ts';
import { SOCIAL_RENDERER_PATH } from '../../../src/contracts/published/social-images.ts';
import { listTemplateFiles } from '../../../src/contracts/published/template-files.ts';
import { listTemplatePages } from '../../../src/contracts/published/template-pages.ts';
import { loadSiteCatalog } from '../../../src/site/load-site-catalog.ts';

const { valid, catalog } = loadSiteCatalog(readConfig({ SITE_URL: 'http://localhost:4321' }));
const source = { entries: valid.entries, catalog, socialRenderer: 'resvg A' };

describe('listTemplatePages and listTemplateFiles', () => {
  it('write each social image at the address its page names, and publish the renderer they are named by', () => {
    const named = listTemplatePages(source).map((p) => p.props.socialImage).sort();
    const files = listTemplateFiles(source);
    expect(files.filter((f) => f.rasterize).map((f) => f.path).sort()).toEqual(named);
    expect(new Set(named).size).toBe(catalog.templates.length);
    expect(files.find((f) => f.path === SOCIAL_RENDERER_PATH)?.render()).toBe('resvg A');
  });

  it('with SOCIAL_IMAGES=on-demand, write no image while the pages name the same addresses', () => {
    const onDemand = { ...source, socialImages: 'on-demand' as const };
    expect(listTemplateFiles(onDemand).filter((f) => f.rasterize || f.path.startsWith('/social/'))).toEqual([]);
    expect(listTemplatePages(onDemand).map((p) => p.props.socialImage)).toEqual(listTemplatePages(source).map((p) => p.props.socialImage));
  });

  it('give every page and image a new address and key under a new renderer, so a publish rewrites the pages that name them', () => {
    const [before, after] = ['resvg A', 'resvg B'].map((socialRenderer) => listTemplatePages({ ...source, socialRenderer })[0]!);
    expect(after!.props.socialImage).not.toBe(before!.props.socialImage);
    expect(after!.key()).not.toBe(before!.key());
  });
});
