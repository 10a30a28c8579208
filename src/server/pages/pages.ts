import type { IncomingMessage, ServerResponse } from 'node:http';
import { isMarkdownPath, prefersMarkdown, toMarkdownPath } from './markdown-negotiation.ts';
import type { StaticFiles } from './static-files.ts';

type Step = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/**
 * Everything outside /api: prerendered files (the Markdown twin first when `Accept` prefers
 * it), then on-demand Astro pages, then the 404 page (its twin for Markdown requests).
 */
export function createPages(files: StaticFiles, onDemand: Step, prepareOnDemand: (res: ServerResponse) => () => void) {
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    const wantsMarkdown = prefersMarkdown(req.headers.accept);
    if (req.method === 'GET' || req.method === 'HEAD') {
      const twin = wantsMarkdown ? toMarkdownPath(path) : null;
      if (twin && (await files.serve(req, res, twin))) return;
      if (await files.serve(req, res, path)) return;
    }
    if (path.startsWith('/')) {
      const undo = prepareOnDemand(res);
      if (await onDemand(req, res)) return;
      undo();
    }
    const notFound = wantsMarkdown || isMarkdownPath(path) ? '/404.md' : '/404';
    if (await files.serve(req, res, notFound, 404)) return;
    res.writeHead(404, ['Content-Type', 'text/plain; charset=utf-8', 'Cache-Control', 'no-store']);
    res.end('Not found\n');
  };
}
