import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildPreflightHeaders, CORS_HEADERS } from '../http/cors.ts';
import { COMMON_SECURITY_HEADERS } from '../http/security-headers.ts';
import { PUBLISHED_REDIRECTS } from '../../contracts/discovery/discovery-paths.ts';
import { isMarkdownPath, prefersMarkdown, toMarkdownPath } from './markdown-negotiation.ts';
import type { StaticFiles } from './static-files.ts';

type Step = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** Pages and published files are read-only. */
export const PAGE_METHODS = 'GET, HEAD, OPTIONS';
const PREFLIGHT = buildPreflightHeaders(PAGE_METHODS);
const NOT_ALLOWED = ['Allow', PAGE_METHODS, 'Content-Type', 'text/plain; charset=utf-8', 'Cache-Control', 'no-store', ...CORS_HEADERS, ...COMMON_SECURITY_HEADERS];

/**
 * OPTIONS (a browser's CORS preflight before a conditional fetch of /openapi.json, or a plain
 * capability question) gets 204 with the methods; any method but GET and HEAD gets 405 with
 * Allow (RFC 9110 §15.5.6), on every path outside /api, existing or not.
 */
function answerMethod(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  if (req.method === 'OPTIONS') {
    res.writeHead(204, PREFLIGHT);
    res.end();
    return true;
  }
  res.writeHead(405, NOT_ALLOWED);
  res.end(`${String(req.method).slice(0, 32)} is not allowed here: pages and files answer ${PAGE_METHODS}.\n`);
  return true;
}

/**
 * A superseded address (the MCP Catalog draft's catalog.json): 301 to the current document,
 * readable cross-origin so a browser-based agent follows it.
 */
function answerRedirect(res: ServerResponse, path: string): boolean {
  const target = PUBLISHED_REDIRECTS[path];
  if (target === undefined) return false;
  res.writeHead(301, ['Location', target, 'Content-Type', 'text/plain; charset=utf-8', 'Cache-Control', 'public, max-age=3600', ...CORS_HEADERS, ...COMMON_SECURITY_HEADERS]);
  res.end(`Moved to ${target}\n`);
  return true;
}

/** The on-demand Markdown twin (/search → /search.md), same query, when `Accept` prefers Markdown. */
async function answerOnDemandTwin(req: IncomingMessage, res: ServerResponse, onDemand: Step, twin: string): Promise<boolean> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  req.url = q === -1 ? twin : twin + url.slice(q);
  if (await onDemand(req, res)) return true;
  req.url = url;
  return false;
}

/**
 * Everything outside /api: prerendered files (the Markdown twin first when `Accept` prefers
 * it), then on-demand Astro pages, then the 404 page (its twin for Markdown requests).
 */
export function createPages(files: StaticFiles, onDemand: Step, prepareOnDemand: (req: IncomingMessage, res: ServerResponse) => () => void) {
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    if (answerMethod(req, res)) return;
    if (answerRedirect(res, path)) return;
    const wantsMarkdown = prefersMarkdown(req.headers.accept);
    const twin = wantsMarkdown ? toMarkdownPath(path) : null;
    if (twin && (await files.serve(req, res, twin))) return;
    if (await files.serve(req, res, path)) return;
    if (path.startsWith('/')) {
      const undo = prepareOnDemand(req, res);
      if (twin && (await answerOnDemandTwin(req, res, onDemand, twin))) return;
      if (await onDemand(req, res)) return;
      undo();
    }
    const notFound = wantsMarkdown || isMarkdownPath(path) ? '/404.md' : '/404';
    if (await files.serve(req, res, notFound, 404)) return;
    res.writeHead(404, ['Content-Type', 'text/plain; charset=utf-8', 'Cache-Control', 'no-store']);
    res.end('Not found\n');
  };
}
