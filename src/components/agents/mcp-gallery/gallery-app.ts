/**
 * The catalog's MCP App in the host's frame: the posters of the templates a search_templates or
 * get_template answer named, with the facts that decide a choice (format, tier and price,
 * duration) and "Open in the studio", which asks the host to open the studio link (built by
 * studio_link through the host). It works from the tool result's structured content; a host
 * that sends the arguments but no result (claude.ai holds the result back when it carries a
 * resource link) gets the answer by calling the tool through the host itself.
 * It speaks the MCP Apps protocol itself (connect-host.ts), so /mcp/gallery-app.js (src/pages/mcp)
 * stays a few kilobytes.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { connectHost, type HostLink } from './connect-host.ts';
import { SOCIAL_IMAGE, toCurrentSocialImagePath } from '../../../core/links/social-image.ts';
import { formatDuration, formatPrice } from '../../../core/markdown/format-facts.ts';
import { TOOL_NAMES } from '../../../core/tool-names.ts';
import type { SearchAnswer, TemplateCard } from '../../../contracts/mcp/tool-output.ts';
import type { TemplateEnvelope } from '../../../schemas/responses.ts';

/** How long the gallery waits for the host's tool result before asking for the answer itself. */
const RESULT_WAIT_MS = 1500;

let host: HostLink | undefined;
const root = document.getElementById('gallery')!;
let shown = false;

/** The cards of an answer: a search's cards, or get_template's one template as a card. */
function readCards(structured: unknown): TemplateCard[] {
  const answer = structured as Partial<SearchAnswer> & Partial<TemplateEnvelope>;
  if (Array.isArray(answer.templates)) return answer.templates;
  const t = answer.template;
  if (!t) return [];
  // The un-hashed address: it redirects to the current image (the envelope carries no hash).
  const image = new URL(toCurrentSocialImagePath(t.slug), t.url).href;
  return [{ id: t.id, title: t.title, category: t.category, tier: t.tier, priceCents: t.priceCents, durationSeconds: t.durationSeconds, formats: t.formats, url: t.url, image }];
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function showStatus(text: string): void {
  root.replaceChildren(element('p', { className: 'status', textContent: text }));
}

/** Asks the host to open `url` (the frame itself may not navigate). */
function openLink(url: string): void {
  (host ? host.request('ui/open-link', { url }) : Promise.reject(new Error('not connected'))).catch(() => showStatus(`The host did not open the link: ${url}`));
}

/** Builds the template's studio link through the host (studio_link) and asks the host to open it. */
async function openInStudio(card: TemplateCard, button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  try {
    const result = await callTool(TOOL_NAMES.studioLink, { template: card.id });
    const url = (result.structuredContent as { url?: string } | undefined)?.url;
    if (result.isError || !url) throw new Error('no studio link');
    openLink(url);
  } catch {
    showStatus(`The studio link for ${card.title} could not be built; ask for it with ${TOOL_NAMES.studioLink}.`);
  } finally {
    button.disabled = false;
  }
}

/** Calls a tool of the catalog's server through the host. */
function callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return host ? host.request<CallToolResult>('tools/call', { name, arguments: args }) : Promise.reject(new Error('not connected'));
}

function renderCard(card: TemplateCard): HTMLElement {
  const title = element('a', { href: card.url, textContent: card.title });
  title.addEventListener('click', (event) => {
    event.preventDefault();
    openLink(card.url);
  });
  const facts = [card.formats.join(' / '), card.tier === 'free' ? 'Free' : `Premium, ${formatPrice(card.priceCents)}`, formatDuration(card.durationSeconds)];
  const button = element('button', { type: 'button', textContent: 'Open in the studio' });
  button.addEventListener('click', () => void openInStudio(card, button));
  return element(
    'article',
    { className: 'card' },
    element('img', { src: card.image ?? '', alt: `Poster: ${card.title}`, loading: 'lazy', width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height }),
    element('h2', {}, title),
    element('ul', { className: 'facts' }, ...facts.map((f) => element('li', { textContent: f }))),
    button,
  );
}

function render(result: CallToolResult): void {
  shown = true;
  const cards = result.isError ? [] : readCards(result.structuredContent);
  if (!cards.length) return showStatus(result.isError ? 'The catalog answered with an error; the conversation has the details.' : 'No templates to show.');
  root.replaceChildren(...cards.map(renderCard));
}

/** The host sent the tool's arguments: if no result follows soon, ask for the answer through the host. */
function awaitResult(args: Record<string, unknown>): void {
  setTimeout(() => {
    if (shown) return;
    const tool = (host?.context().toolInfo as { tool?: { name?: string } } | undefined)?.tool;
    callTool(tool?.name ?? TOOL_NAMES.searchTemplates, args).then(render, () => showStatus('The templates could not be loaded.'));
  }, RESULT_WAIT_MS);
}

void connectHost(window.parent, { name: 'template-gallery', version: '1.0.0' }, {
  'ui/notifications/tool-result': (result) => render(result as CallToolResult),
  'ui/notifications/tool-input': (params) => awaitResult((params.arguments as Record<string, unknown> | undefined) ?? {}),
}).then(
  (link) => void (host = link),
  () => showStatus('The host did not answer.'),
);
