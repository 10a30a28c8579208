import { ApiError } from '../../core/api-error.ts';
import { MCP_SERVER_CARD_PATH } from '../../contracts/mcp/server-info.ts';
import { SERVER_CARD_WELL_KNOWN_PATH } from '../../contracts/discovery/discovery-paths.ts';
import { writeReply } from '../http/api-reply.ts';
import type { GuardedHandler } from '../http/api-guard.ts';
import { toErrorReply } from '../http/send-error.ts';
import type { StaticFiles } from './static-files.ts';

/** What the card answers besides OPTIONS. */
export const SERVER_CARD_ALLOW = 'GET, HEAD, OPTIONS';

/**
 * `<streamable-http-url>/server-card` (the address the server-card draft reserves), behind the
 * API guard (MCP bucket, CORS): it serves the prerendered server-card.json itself, so every card
 * address has the same bytes, ETag, encodings and 304.
 */
export function createServerCardRoute(files: StaticFiles): GuardedHandler {
  return async (req, res, common) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const err = new ApiError('method_not_allowed', `Use GET for ${MCP_SERVER_CARD_PATH}.`);
      return writeReply(req, res, toErrorReply(err, { path: MCP_SERVER_CARD_PATH }), [...common, 'Allow', SERVER_CARD_ALLOW]);
    }
    for (let i = 0; i < common.length; i += 2) res.setHeader(common[i]!, common[i + 1]!);
    if (await files.serve(req, res, SERVER_CARD_WELL_KNOWN_PATH)) return;
    throw new Error(`The build has no ${SERVER_CARD_WELL_KNOWN_PATH}.`);
  };
}
