/** Media type every Markdown twin is served with. */
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/** A Markdown twin as an endpoint answer. */
export function markdownResponse(markdown: string, status = 200): Response {
  return new Response(markdown, { status, headers: { 'Content-Type': MARKDOWN_TYPE } });
}
