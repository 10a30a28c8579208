/*
 * The catalog's MCP App (io.modelcontextprotocol/ui, SEP-1865): a `ui://` gallery that hosts
 * showing MCP Apps render beside search_templates and get_template answers. The document is
 * small and the same for every answer; its script (src/components/agents/mcp-gallery/, no
 * framework) is a file of the site, allowed by the CSP below.
 */
import type { McpUiResourceMeta } from '@modelcontextprotocol/ext-apps';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import type { Resource } from '@modelcontextprotocol/server';
import { SOCIAL_IMAGE } from '../../core/links/social-image.ts';
import { MCP_SERVER_NAME } from './server-info.ts';

/** The gallery's address, named in the tools' `_meta.ui.resourceUri`. */
export const GALLERY_URI = `ui://${MCP_SERVER_NAME}/gallery.html`;
/** Where the site serves the gallery's script (built with the site). */
export const GALLERY_SCRIPT_PATH = '/mcp/gallery-app.js';

/** What a host needs before it renders the gallery: it loads its script and posters from the site, and connects nowhere. */
export function buildGalleryUiMeta(siteUrl: string): McpUiResourceMeta {
  return { csp: { resourceDomains: [new URL(siteUrl).origin] }, prefersBorder: true };
}

/** The gallery as resources/list and a host's review show it. */
export function describeGallery(siteUrl: string): Resource {
  return {
    uri: GALLERY_URI,
    name: 'template-gallery',
    title: 'Template gallery',
    description: 'Posters of the templates a search or get_template answered, with format, tier, price and duration, and an "Open in the studio" button.',
    mimeType: RESOURCE_MIME_TYPE,
    _meta: { ui: buildGalleryUiMeta(siteUrl) },
  };
}

const STYLE = `
:root{color-scheme:light dark;font:14px/1.4 system-ui,sans-serif}
body{margin:0;padding:8px}
#gallery{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}
.card{border:1px solid #8884;border-radius:8px;overflow:hidden;display:flex;flex-direction:column}
.card img{display:block;width:100%;height:auto;aspect-ratio:${SOCIAL_IMAGE.width}/${SOCIAL_IMAGE.height};background:#8882}
.card h2{font-size:15px;margin:8px 10px 4px}
.card h2 a{color:inherit}
.facts{margin:0 10px 8px;padding:0;list-style:none;display:flex;flex-wrap:wrap;gap:4px 8px;color:#666}
.card button{margin:auto 10px 10px;padding:6px 10px;border-radius:6px;border:0;background:#2563eb;color:#fff;font:inherit;cursor:pointer}
.status{grid-column:1/-1;color:#666}
@media (prefers-color-scheme:dark){.facts,.status{color:#aaa}}
`;

/** The gallery document: a status line the script replaces with the cards. */
export function renderGalleryHtml(siteUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Template gallery</title>
<style>${STYLE}</style>
</head>
<body>
<main id="gallery" aria-live="polite"><p class="status">Waiting for the templates...</p></main>
<script src="${siteUrl}${GALLERY_SCRIPT_PATH}"></script>
</body>
</html>
`;
}
