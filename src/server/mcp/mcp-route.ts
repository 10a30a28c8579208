import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../../core/api-error.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';
import { cacheControlOf } from '../../core/cdn/cache-policy.ts';
import { formatTagHeader, GROUP_TAGS } from '../../core/cdn/cache-tags.ts';
import { writeReply } from '../http/api-reply.ts';
import type { GuardedHandler } from '../http/api-guard.ts';
import { toErrorReply } from '../http/send-error.ts';
import { SERVER_CARD_MEDIA_TYPE } from '../../contracts/discovery/build-discovery-documents.ts';
import { MCP_SERVER_CARD_PATH } from '../../contracts/mcp/server-info.ts';

type McpModule = typeof import('./handle-mcp.ts');

const CARD_ALLOW = 'GET, HEAD, OPTIONS';

/** `<streamable-http-url>/server-card` (SEP-2127): the card, readable from any origin. */
function sendServerCard(req: IncomingMessage, res: ServerResponse, card: string, tagHeaders: readonly string[]): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const err = new ApiError('method_not_allowed', `Use GET for ${MCP_SERVER_CARD_PATH}.`);
    return writeReply(req, res, toErrorReply(err, { path: MCP_SERVER_CARD_PATH }), ['Allow', CARD_ALLOW]);
  }
  for (let i = 0; i < tagHeaders.length; i += 2) res.setHeader(tagHeaders[i]!, tagHeaders[i + 1]!);
  res.writeHead(200, {
    'Content-Type': SERVER_CARD_MEDIA_TYPE,
    'Content-Length': Buffer.byteLength(card),
    'Cache-Control': cacheControlOf('file'),
  });
  res.end(req.method === 'HEAD' ? undefined : card);
}

/**
 * /api/mcp and its /server-card behind the API guard (create-app mounts it: preflight, the MCP
 * bucket, CORS and rate-limit headers): sets the guard's headers, then hands over to the MCP
 * handler, which reads the body and checks Host/Origin and methods itself. The handler (SDK
 * included) is imported on first use to keep it out of the cold start.
 */
export function createMcpRoute(catalog: Catalog, config: Config): GuardedHandler {
  let card: string | undefined;
  // The card says what the tools are, as /.well-known/mcp/manifest.json does: purged with the site's files.
  const cardTags = formatTagHeader(config.CACHE_TAG_HEADER, [GROUP_TAGS.site]);
  let loading: Promise<McpModule> | undefined;
  const load = () => (loading ??= import('./handle-mcp.ts'));
  return async (req, res, common) => {
    for (let i = 0; i < common.length; i += 2) res.setHeader(common[i]!, common[i + 1]!);
    if (req.url?.split('?')[0] === MCP_SERVER_CARD_PATH) {
      card ??= JSON.stringify((await import('../../contracts/discovery/build-server-card.ts')).buildServerCard(config));
      return sendServerCard(req, res, card, cardTags);
    }
    const { handleMcp } = await load();
    await handleMcp(req, res, { catalog, config });
  };
}
