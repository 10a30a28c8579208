import { CACHE_CLASSES, CACHE_POLICIES, formatCacheControl, type CachePolicy } from './cache-policy.ts';

const DAY = 86_400;

/** Seconds as a reader says them: `0`, `60 s`, `5 min`, `1 day`, `1 year`. */
function formatSeconds(seconds: number | undefined): string {
  if (seconds === undefined) return '–';
  if (seconds === 0) return '0';
  if (seconds >= 365 * DAY && seconds % (365 * DAY) === 0) return `${seconds / (365 * DAY)} year${seconds === 365 * DAY ? '' : 's'}`;
  if (seconds >= DAY && seconds % DAY === 0) return `${seconds / DAY} day${seconds === DAY ? '' : 's'}`;
  if (seconds >= 300 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

function row(name: string, p: CachePolicy): string {
  const cells = p.noStore
    ? ['not kept', 'not kept', '–', '–']
    : [formatSeconds(p.browser) + (p.immutable ? ', immutable' : ''), formatSeconds(p.shared ?? p.browser), formatSeconds(p.staleWhileRevalidate), formatSeconds(p.staleIfError)];
  return `| \`${name}\` | ${p.covers} | ${cells.join(' | ')} | ${p.vary.join(', ') || '–'} | \`${formatCacheControl(p)}\` |`;
}

/** The cache policy table as Markdown, for docs/deploying.md (`npm run docs` writes it there). */
export function renderCacheTable(): string {
  return [
    '| class | answers | browser | CDN | stale while revalidating | stale if the origin fails | Vary | Cache-Control |',
    '|---|---|---|---|---|---|---|---|',
    ...CACHE_CLASSES.map((cls) => row(cls, CACHE_POLICIES[cls])),
  ].join('\n');
}
