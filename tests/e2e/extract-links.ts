/** One address a page refers to, and how (for messages). */
export interface PageLink {
  url: string;
  kind: 'a' | 'img' | 'og:image' | 'poster' | 'link' | 'script';
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1]!.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function readAttribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  const raw = match?.[1] ?? match?.[2] ?? match?.[3];
  return raw === undefined ? undefined : decodeAttribute(raw);
}

/**
 * Every address an HTML page points at: <a href>, <img src>, og:image, <video poster>,
 * <link href> and <script src>, resolved against the page's own address. Markup inside
 * <template> is left out, as browsers and crawlers do (the script fills it before use).
 */
export function extractLinks(html: string, pageUrl: string): PageLink[] {
  const links: PageLink[] = [];
  const add = (kind: PageLink['kind'], value: string | undefined) => {
    if (value === undefined || value.startsWith('data:')) return;
    links.push({ kind, url: new URL(value, pageUrl).href });
  };
  const live = html.replace(/<template\b[\s\S]*?<\/template>/gi, '');
  for (const [tag] of live.matchAll(/<(a|img|meta|video|link|script)\b[^>]*>/gi)) {
    const name = /^<(\w+)/.exec(tag)![1]!.toLowerCase();
    if (name === 'a') add('a', readAttribute(tag, 'href'));
    else if (name === 'img') add('img', readAttribute(tag, 'src'));
    else if (name === 'video') add('poster', readAttribute(tag, 'poster'));
    else if (name === 'link') add('link', readAttribute(tag, 'href'));
    else if (name === 'script') add('script', readAttribute(tag, 'src'));
    else if (readAttribute(tag, 'property') === 'og:image') add('og:image', readAttribute(tag, 'content'));
  }
  return links;
}

/** The ids a page defines (targets of #fragment links). */
export function extractIds(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid\s*=\s*"([^"]+)"/gi)].map((m) => decodeAttribute(m[1]!)));
}

/** The <loc> addresses of a sitemap or sitemap index. */
export function extractSitemapLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeAttribute(m[1]!.trim()));
}
