/**
 * The Markdown twin of a page path (`/` → `/index.md`, `/templates/x` → `/templates/x.md`), or
 * null for a path that names a file (its last segment has an extension) or ends in `/`.
 */
export function toMarkdownPath(path: string): string | null {
  if (path === '/') return '/index.md';
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (!last || last.includes('.')) return null;
  return `${path}.md`;
}

/** The page a Markdown twin belongs to: `/index.md` → `/`, `/docs.md` → `/docs`. */
export function toHtmlPath(markdownPath: string): string {
  return markdownPath === '/index.md' ? '/' : markdownPath.slice(0, -'.md'.length);
}
