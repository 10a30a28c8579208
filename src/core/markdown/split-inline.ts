/** A run of guide text as the HTML page renders it. */
export type InlinePart = { kind: 'text'; text: string } | { kind: 'code'; text: string } | { kind: 'link'; text: string; href: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits guide text (Markdown-style inline code in backticks) into parts for HTML: code, plain
 * text, and the site's own absolute addresses as links with a root-relative href (trailing
 * sentence punctuation stays text) where `linkable` says a browser can follow them.
 */
export function splitInline(text: string, siteUrl: string, linkable: (path: string) => boolean = () => true): InlinePart[] {
  const own = new RegExp(`${escapeRegExp(siteUrl)}(/[^\\s]*)?`, 'g');
  const parts: InlinePart[] = [];
  text.split('`').forEach((chunk, i) => {
    if (i % 2) return void parts.push({ kind: 'code', text: chunk });
    let last = 0;
    for (const match of chunk.matchAll(own)) {
      const url = match[0].replace(/[.,;:)]+$/, '');
      const href = url.slice(siteUrl.length) || '/';
      if (!linkable(href)) continue;
      if (match.index > last) parts.push({ kind: 'text', text: chunk.slice(last, match.index) });
      parts.push({ kind: 'link', text: url, href });
      last = match.index + url.length;
    }
    if (last < chunk.length) parts.push({ kind: 'text', text: chunk.slice(last) });
  });
  return parts.filter((p) => p.text !== '');
}
