import { CONTENT_SIGNAL_USES, type ContentSignal, type ContentSignalUse } from '../../schemas/config.ts';

/** An AI crawler named in robots.txt, by its operator's published user-agent token, and what it collects for. */
interface AiCrawler {
  token: string;
  operator: string;
  use: ContentSignalUse;
}

/**
 * The common AI crawlers, grouped by the use their operator documents: training crawlers,
 * search indexers, and agents fetching a page for a person's question (ai-input).
 */
export const AI_CRAWLERS: readonly AiCrawler[] = [
  { token: 'GPTBot', operator: 'OpenAI', use: 'ai-train' },
  { token: 'OAI-SearchBot', operator: 'OpenAI', use: 'search' },
  { token: 'ChatGPT-User', operator: 'OpenAI', use: 'ai-input' },
  { token: 'ClaudeBot', operator: 'Anthropic', use: 'ai-train' },
  { token: 'Claude-SearchBot', operator: 'Anthropic', use: 'search' },
  { token: 'Claude-User', operator: 'Anthropic', use: 'ai-input' },
  { token: 'Google-Extended', operator: 'Google', use: 'ai-train' },
  { token: 'PerplexityBot', operator: 'Perplexity', use: 'search' },
  { token: 'Perplexity-User', operator: 'Perplexity', use: 'ai-input' },
  { token: 'Applebot', operator: 'Apple', use: 'search' },
  { token: 'Applebot-Extended', operator: 'Apple', use: 'ai-train' },
  { token: 'CCBot', operator: 'Common Crawl', use: 'ai-train' },
];

const USE_WORDS: Record<ContentSignalUse, string> = {
  search: 'search indexers',
  'ai-input': 'agents fetching pages for a person',
  'ai-train': 'training crawlers',
};

/** `search=yes, ai-input=yes, ai-train=yes`: the Content-Signal value, in the usual order. */
export function formatContentSignal(signal: ContentSignal): string {
  return CONTENT_SIGNAL_USES.map((use) => `${use}=${signal[use] ? 'yes' : 'no'}`).join(', ');
}

/**
 * `/robots.txt`: one group per use naming its AI crawlers, allowed or refused by the
 * Content-Signal choice for that use, then every other crawler; each group states the
 * Content-Signal (contentsignals.org). The sitemap says where the pages are. The ARD manifest
 * is named by `rel="ard"` on every page (a Link header and a <link>), not by an `Agentmap:` line:
 * Lighthouse 13.5's own robots.txt audit (SEO) refuses any directive outside its safelist, and
 * its ARD audit takes any one of the signals.
 */
export function buildRobotsTxt(siteUrl: string, signal: ContentSignal): string {
  const line = `Content-Signal: ${formatContentSignal(signal)}`;
  const groups = CONTENT_SIGNAL_USES.map((use) => [
    `# ${USE_WORDS[use]}: ${use}=${signal[use] ? 'yes' : 'no'}`,
    ...AI_CRAWLERS.filter((c) => c.use === use).map((c) => `User-agent: ${c.token}`),
    signal[use] ? 'Allow: /' : 'Disallow: /',
    line,
  ].join('\n'));
  return [
    '# The catalog is public promotional content. Content signals: https://contentsignals.org/',
    ...groups,
    ['User-agent: *', 'Allow: /', line].join('\n'),
    `Sitemap: ${siteUrl}/sitemap.xml`,
  ].join('\n\n').concat('\n');
}
