import { renderPage } from 'catalog-server-entry';
import { readConfig } from '../config/read-config.ts';
import { parseSocialImagePath } from '../core/links/social-image.ts';
import { createTemplatePageRenderer } from '../http/tail/render-template-page.ts';
import type { Config } from '../schemas/config.ts';
import { loadFunctionData, type FunctionData } from './load-function-data.ts';
import { drawSocialImageWasm } from './draw-social-wasm.ts';
import { readAssetsData, type AssetsBinding } from './read-assets-data.ts';

/** What deploy/cloudflare/tail-renderer.wrangler.jsonc binds: the same build's client folder. */
interface Env {
  ASSETS: AssetsBinding;
}

let data: Promise<FunctionData> | undefined;
let configured: { vars: string; config: Config } | undefined;

const text = (status: number, body: string) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** The data, loaded once per isolate as the main worker loads it (a failed load is retried by the next request). */
function loadData(env: Env): Promise<FunctionData> {
  // It answers nothing from the columns: they are the main worker's to check.
  return (data ??= loadFunctionData({ where: "the tail renderer's static half (ASSETS)", read: (path) => readAssetsData(env.ASSETS, path) }, { columns: false }).catch((err: unknown) => {
    data = undefined;
    throw err;
  }));
}

/** The main worker's configuration (its variables, SITE_URL from the build), as its fetch handler reads it. */
function readSentConfig(vars: string, siteUrl: string): Config {
  if (configured?.vars !== vars) configured = { vars, config: { ...readConfig(JSON.parse(vars) as Record<string, string>), SITE_URL: siteUrl } };
  return configured.config;
}

/**
 * The tail renderer: a second worker on workerd, reached only through the main worker's service
 * binding (src/function/tail-renderer-client.ts), that renders a tail template's page with the
 * build's own Astro server entry (`DIST_DIR/server/entry.mjs`, bundled in by wrangler's alias),
 * from the catalog it loads from the same build's data files: the bytes the build writes for a
 * prerendered template, and draws social images with resvg's WebAssembly build as the build
 * draws them. `POST /page/{slug}?social={address}` with the main worker's variables as JSON and
 * the social image's address it located: the HTML, or 404
 * where no template (or no page) is. `POST /social` with a social image's SVG: its PNG.
 */
export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname, searchParams } = new URL(request.url);
    if (request.method !== 'POST') return text(405, 'POST only\n');
    if (pathname === '/social') return new Response((await drawSocialImageWasm(await request.text())) as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': 'image/png' } });
    const slug = /^\/page\/([a-z0-9-]+)$/.exec(pathname)?.[1];
    if (!slug) return text(404, 'Not found\n');
    const { catalog, siteUrl } = await loadData(env);
    const template = catalog.byRef.get(slug);
    if (template?.slug !== slug) return text(404, 'No such template\n');
    // The social image's address the main worker located (createTailAnswers), as the build names it.
    const social = searchParams.get('social') ?? '';
    if (parseSocialImagePath(social)?.slug !== slug) return text(400, 'No social image address for this template\n');
    const render = createTemplatePageRenderer(renderPage, { catalog, config: readSentConfig(await request.text(), siteUrl) });
    const html = await render(request, template, social);
    return html === undefined ? text(404, 'No page\n') : new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  },
};
