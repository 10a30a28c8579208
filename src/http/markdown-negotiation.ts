import Negotiator from 'negotiator';

/** What a page path offers, in our order: on a tie (`*\/*`, `text/*`) HTML wins. */
const OFFERED = ['text/html; charset=utf-8', 'text/markdown; charset=utf-8'];

/**
 * True when the client asks for Markdown over HTML, read by `negotiator` (the Accept parser
 * of Express, also used for Accept-Encoding): Markdown must be named (a browser's `*\/*`
 * means HTML) and win on q-value, then on specificity, then on its place in the header, so
 * `text/markdown;q=0.9, text/html` gets HTML and `text/markdown, text/html` Markdown.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept || !/markdown/i.test(accept)) return false;
  const [best] = new Negotiator({ headers: { accept } }).mediaTypes(OFFERED);
  return best?.startsWith('text/markdown') ?? false;
}

/** True for a path that asks for a Markdown file directly. */
export function isMarkdownPath(path: string): boolean {
  return path.endsWith('.md');
}
