import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config/read-config.ts';
import { AI_CRAWLERS, buildRobotsTxt } from '../../src/contracts/published/build-robots-txt.ts';

const SITE = 'https://catalog.test';
const robotsFor = (signal?: string) => {
  const config = readConfig({ SITE_URL: SITE, ...(signal ? { CONTENT_SIGNAL: signal } : {}) });
  const text = buildRobotsTxt(config.SITE_URL, config.CONTENT_SIGNAL);
  return { text, robots: robotsParser(`${SITE}/robots.txt`, text) };
};
const page = `${SITE}/templates/neon-countdown-launch`;

describe('buildRobotsTxt', () => {
  it('names the AI crawlers of OpenAI, Anthropic, Google, Perplexity, Apple and Common Crawl in their own groups', () => {
    const { text, robots } = robotsFor();
    for (const name of ['GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-User', 'Google-Extended', 'PerplexityBot', 'Applebot-Extended', 'CCBot']) {
      expect(text).toMatch(new RegExp(`^User-agent: ${name}$`, 'm'));
      expect(robots.getMatchingLineNumber(page, name)).toBeGreaterThan(0);
    }
    expect(new Set(AI_CRAWLERS.map((c) => c.operator))).toEqual(new Set(['OpenAI', 'Anthropic', 'Google', 'Perplexity', 'Apple', 'Common Crawl']));
  });

  it('allows every crawler and signals search=yes, ai-input=yes, ai-train=yes by default, in every group', () => {
    const { text, robots } = robotsFor();
    for (const { token } of AI_CRAWLERS) expect(robots.isAllowed(page, token)).toBe(true);
    expect(robots.isAllowed(page, 'SomeOtherBot')).toBe(true);
    const groups = text.split('\n\n').filter((g) => /^User-agent:/m.test(g));
    expect(groups.length).toBe(4);
    for (const group of groups) expect(group).toMatch(/^Content-Signal: search=yes, ai-input=yes, ai-train=yes$/m);
    expect(robots.getSitemaps()).toEqual([`${SITE}/sitemap.xml`]);
  });

  it('refuses the training crawlers, and only them, when CONTENT_SIGNAL says ai-train=no', () => {
    const { text, robots } = robotsFor('ai-train=no, search=yes, ai-input=yes');
    for (const { token, use } of AI_CRAWLERS) expect(robots.isAllowed(page, token)).toBe(use !== 'ai-train');
    expect(robots.isAllowed(page, 'SomeOtherBot')).toBe(true);
    expect(text).toMatch(/^Content-Signal: search=yes, ai-input=yes, ai-train=no$/m);
    expect(text).not.toMatch(/ai-train=yes/);
  });
});
