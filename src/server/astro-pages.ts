import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: object) => Promise<void>;

/**
 * On-demand pages (the ones not prerendered) through @astrojs/node's middleware handler.
 * The entry is imported on first use: it costs ~150 ms, which would otherwise count
 * against every cold start. Resolves false when no on-demand route matches.
 */
export function createAstroPages(serverEntry: string, locals: App.Locals): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  let loading: Promise<AstroHandler> | undefined;
  const load = () => (loading ??= import(pathToFileURL(serverEntry).href).then((m: { handler: AstroHandler }) => m.handler));
  return async (req, res) => {
    const handler = await load();
    return new Promise<boolean>((resolve, reject) => {
      let passed = false;
      handler(req, res, () => {
        passed = true;
        resolve(false);
      }, locals).then(() => passed || resolve(true), reject);
    });
  };
}
