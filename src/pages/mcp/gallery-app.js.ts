import type { APIRoute } from 'astro';
import { build } from 'esbuild';

export const prerender = true;

/** The MCP App's source (run from the project root, as every build is). */
const ENTRY = 'src/components/agents/mcp-gallery/gallery-app.ts';

/**
 * The script of the catalog's MCP App (the `ui://` gallery loads it from the site), bundled
 * into one classic script, which a sandboxed frame
 * may load from another origin without CORS.
 */
export const GET: APIRoute = async () => {
  const out = await build({ entryPoints: [ENTRY], bundle: true, minify: true, format: 'iife', platform: 'browser', target: 'es2022', write: false, legalComments: 'none' });
  return new Response(out.outputFiles[0]!.text, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
};
