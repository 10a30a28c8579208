import { describe, expect, it } from 'vitest';
import { fitTemplates, HOST_LIMITS } from '../../src/contracts/published/host-limits.ts';

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
