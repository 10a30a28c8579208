import { SERVER_CARD_WELL_KNOWN_PATH } from '../../contracts/discovery/discovery-paths.ts';
import type { RouteHandler } from '../routes/route-handler.ts';
import type { StaticFiles } from './static-files.ts';

/** Headers a published file carries itself: sent once, not again from the route's common ones. */
const FILE_OWNED = new Set(['access-control-allow-origin', 'access-control-expose-headers', 'x-content-type-options']);

/**
 * `<streamable-http-url>/server-card` (the address the server-card draft reserves): the route
 * table has counted it against the MCP bucket; it answers with the prerendered
 * server-card.json itself, so every card address has the same bytes, ETag, encodings and 304.
 */
export function createServerCardHandler(files: StaticFiles): RouteHandler {
  return async (req, res, { common, route }) => {
    const extra: string[] = [];
    for (let i = 0; i < common.length; i += 2) if (!FILE_OWNED.has(common[i]!.toLowerCase())) extra.push(common[i]!, common[i + 1]!);
    if (await files.serve(req, res, SERVER_CARD_WELL_KNOWN_PATH, { echo: extra, cache: route.cache })) return;
    throw new Error(`The build has no ${SERVER_CARD_WELL_KNOWN_PATH}.`);
  };
}
