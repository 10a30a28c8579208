/** Markdown by Accept is decided in the shared HTTP layer (src/http), for the origin and the function alike. */
export { isMarkdownPath, prefersMarkdown } from '../../http/markdown-negotiation.ts';
