import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The repository's pages a reader opens: the front door, the benchmarks and every page of docs/. */
export function listDocPages(root: string): string[] {
  const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
  return ['README.md', 'BENCHMARKS.md', ...docs.sort()];
}

/** The text without fenced code blocks (a link or a heading inside one is just text). */
function dropFences(text: string): string {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** Every Markdown link target outside code, as written. */
export function findLinkTargets(text: string): string[] {
  const prose = dropFences(text).replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces to hyphens. */
function slugHeading(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a page's headings give, with GitHub's `-1`, `-2` for repeats. */
export function listAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of dropFences(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = slugHeading(heading!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** Why a relative link of `page` does not resolve inside `root`, or undefined when it does. */
export function checkLink(root: string, page: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const [path = '', anchor] = target.split('#', 2);
  const file = path ? resolve(root, dirname(page), decodeURIComponent(path)) : resolve(root, page);
  const inside = relative(root, file);
  if (inside.startsWith(`..${sep}`) || inside === '..') return `${target}: outside the repository`;
  if (!existsSync(file)) return `${target}: no such file`;
  if (anchor && file.endsWith('.md') && !listAnchors(readFileSync(file, 'utf8')).has(anchor)) return `${target}: no heading #${anchor}`;
  return undefined;
}

/** The repository's top folders a path in inline code may start with. */
const TOP_FOLDERS = /^(?:src|tests|scripts|deploy|templates|docs|public|\.ci)\//;

/** Paths of the repository named in inline code (`src/x.ts`), leaving out patterns (`{slug}`, `*`, `<id>`). */
export function findCodePaths(text: string): string[] {
  const spans = [...dropFences(text).matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return spans.filter((span) => TOP_FOLDERS.test(span) && !/[{}*<>\s…]/.test(span) && !span.includes('..'));
}
