interface Preference {
  q: number;
  /** 3 for the exact type, 2 for `type/*`, 1 for `*\/*`, 0 when nothing matched. */
  specificity: number;
  /** Position of the matching range in the header (earlier wins ties). */
  position: number;
}

function parseRange(part: string): { range: string; q: number } {
  const [range = '', ...params] = part.split(';');
  let q = 1;
  for (const param of params) {
    const [name, value] = param.split('=');
    if (name?.trim().toLowerCase() === 'q') {
      const n = Number(value?.trim());
      q = Number.isFinite(n) ? Math.min(Math.max(n, 0), 1) : 0;
    }
  }
  return { range: range.trim().toLowerCase(), q };
}

/** How much the Accept header wants `type`: the most specific matching range decides (RFC 9110 §12.5.1). */
function rate(ranges: { range: string; q: number }[], type: string): Preference {
  const wildcard = `${type.split('/')[0]}/*`;
  let best: Preference = { q: 0, specificity: 0, position: Infinity };
  ranges.forEach(({ range, q }, position) => {
    const specificity = range === type ? 3 : range === wildcard ? 2 : range === '*/*' ? 1 : 0;
    if (specificity > best.specificity) best = { q, specificity, position };
  });
  return best;
}

/**
 * True when the client asks for Markdown over HTML. Markdown must be named explicitly (a
 * browser's `*\/*` means HTML) and be preferred by q-value; on equal q the type listed first
 * wins. `text/markdown;q=0.9, text/html` therefore gets HTML.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept || !/markdown/i.test(accept)) return false;
  const ranges = accept.split(',').map(parseRange);
  const md = rate(ranges, 'text/markdown');
  if (md.specificity !== 3 || md.q === 0) return false;
  const html = rate(ranges, 'text/html');
  if (md.q !== html.q) return md.q > html.q;
  return html.specificity < 3 || md.position < html.position;
}

/** The Markdown twin of a page path (`/` → `/index.md`, `/templates/x` → `/templates/x.md`), or null for files. */
export function toMarkdownPath(path: string): string | null {
  if (path === '/') return '/index.md';
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (!last || last.includes('.')) return null;
  return `${path}.md`;
}

/** True for a path that asks for a Markdown file directly. */
export function isMarkdownPath(path: string): boolean {
  return path.endsWith('.md');
}
