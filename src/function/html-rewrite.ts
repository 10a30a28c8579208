/**
 * Filling the build's prerendered markup through an HTMLRewriter (lol-html): workerd's own, or
 * on Node the same engine compiled to WebAssembly (wasm-rewriter.ts); the few operations the
 * function's page answers use (fill-search-shell.ts, fill-studio-page.ts).
 */

/** The part of an element workerd's HTMLRewriter hands a handler that the function uses. */
export interface RewrittenElement {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): unknown;
  removeAttribute(name: string): unknown;
  setInnerContent(content: string, options?: { html: boolean }): unknown;
  before(content: string, options?: { html: boolean }): unknown;
  remove(): unknown;
}

/** What is done to each element a selector matches. */
export type Handle = (el: RewrittenElement) => void;

/** An HTMLRewriter as workerd has it (the part the function uses). */
export interface Rewriter {
  on(selector: string, handlers: { element: Handle }): Rewriter;
  transform(response: Response): Response;
}

/** An HTMLRewriter class: workerd's, or wasm-rewriter.ts's on Node. */
export type RewriterClass = new () => Rewriter;

/** workerd's HTMLRewriter, where the runtime has one (Node has none). */
export const HTML_REWRITER = (globalThis as { HTMLRewriter?: RewriterClass }).HTMLRewriter;

/** BaseLayout's robots rule for a query-dependent page (search results, studio errors). */
export const NOINDEX = '<meta name="robots" content="noindex, follow">';

/** Text escaped for markup the function writes itself. */
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' })[c]};`);

/**
 * An attribute set to `value`: lol-html quotes `"` in a value but leaves `&` as written, so a
 * typed `&amp;` would come back as `&`; escaped here, the browser reads back what was typed.
 */
export const setAttr = (el: RewrittenElement, name: string, value: string) => el.setAttribute(name, value.replaceAll('&', '&amp;'));

/** Shows or hides an element by its `hidden` attribute. */
export const setHidden = (el: RewrittenElement, hidden: boolean) => (hidden ? el.setAttribute('hidden', '') : el.removeAttribute('hidden'));

/** Runs `html` through a rewriter with one handler per selector. */
export function rewrite(Rewriter: RewriterClass, html: string, handlers: Record<string, Handle>): Promise<string> {
  let rewriter = new Rewriter();
  for (const [selector, element] of Object.entries(handlers)) rewriter = rewriter.on(selector, { element });
  return rewriter.transform(new Response(html)).text();
}
