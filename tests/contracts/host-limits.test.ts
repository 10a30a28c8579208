import { describe, expect, it } from 'vitest';
import { explainOverLimit, fitTemplates, HOST_LIMITS } from '../../src/contracts/published/host-limits.ts';

const shape = { siteFiles: 100, perTemplate: 10, largestFolder: { path: 'posters', perTemplate: 5 }, clientPerTemplate: 24 };
const limit = (plan: string) => HOST_LIMITS.find((h) => h.plan === plan)!;

describe('fitTemplates', () => {
  it("takes the site's files from a deploy limit and divides the rest among templates", () => {
    expect(fitTemplates(limit('cloudflare-free'), shape)).toBe(1_990);
    expect(fitTemplates(limit('cloudflare-paid'), shape)).toBe(9_990);
  });

  it("bounds a per-folder limit by the largest folder's share of each template", () => {
    expect(fitTemplates(limit('netlify'), shape)).toBe(10_800);
  });

  it('has no bound where the host has no limit', () => {
    expect(fitTemplates(limit('nginx'), shape)).toBe(Infinity);
  });
});

describe('explainOverLimit', () => {
  const upload = { files: 19_827, largestFolder: { path: 'newest', files: 8_332 }, largestFile: { path: 'sitemap.md', bytes: 28_508_278 } };

  it("names a file past Cloudflare's 25 MiB though the file count fits (sitemap.md at 100,000 templates)", () => {
    expect(explainOverLimit(limit('cloudflare-free'), upload)).toEqual(['sitemap.md is 27.2 MiB, over 25.0 MiB a file']);
  });

  it('names every limit passed, and none where the upload fits', () => {
    expect(explainOverLimit(limit('cloudflare-free'), { ...upload, files: 20_001 })).toHaveLength(2);
    expect(explainOverLimit(limit('netlify'), { ...upload, largestFolder: { path: 'posters', files: 54_001 } })).toEqual(['posters/ holds 54,001 files, over 54,000 a folder']);
    expect(explainOverLimit(limit('cloudflare-paid'), { ...upload, largestFile: { path: 'a', bytes: 25 * 1024 * 1024 } })).toEqual([]);
    expect(explainOverLimit(limit('nginx'), upload)).toEqual([]);
  });
});
