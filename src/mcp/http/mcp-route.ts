import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../../core/api-error.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';
import { writeReply } from '../../server/api-reply.ts';
import { buildPreflightHeaders, CORS_HEADERS } from '../../server/cors.ts';
import { buildRateLimitHeaders, formatPolicy, secondsToReset } from '../../server/rate-limit-headers.ts';
import type { RateLimitBucket } from '../../server/rate-limit.ts';
import { toErrorReply } from '../../server/send-error.ts';
import { MCP_PATH, MCP_SERVER_CARD_PATH } from '../surface/server-info.ts';
import { finishRefusal } from './finish-refusal.ts';

type McpModule = typeof import('./handle-mcp.ts');

const ALLOW = 'POST, OPTIONS';
const CARD_ALLOW = 'GET, HEAD, OPTIONS';

/** `<streamable-http-url>/server-card` (SEP-2127): the card, readable from any origin. */
function sendServerCard(req: IncomingMessage, res: ServerResponse, card: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const err = new ApiError('method_not_allowed', `Use GET for ${MCP_SERVER_CARD_PATH}.`);
    return writeReply(req, res, toErrorReply(err, { path: MCP_SERVER_CARD_PATH }), ['Allow', CARD_ALLOW]);
  }
  res.writeHead(200, {
    'Content-Type': 'application/mcp-server-card+json',
    'Content-Length': Buffer.byteLength(card),
    'Cache-Control': 'public, max-age=3600',
    'Access-Control-Allow-Methods': 'GET',
    'Access-Control-Allow-Headers': 'Content-Type',
  });
  res.end(req.method === 'HEAD' ? undefined : card);
}

/**
 * /api/mcp and its /server-card: answers the CORS preflight, counts the request against the
 * MCP bucket (its own, separate from REST), sets the CORS and rate-limit headers, then hands
 * over to the MCP handler, which reads the body and checks Host/Origin and methods itself. The
 * handler (SDK included) is imported on first use to keep it out of the cold start.
 */
export function createMcpRoute(catalog: Catalog, config: Config, bucket: RateLimitBucket) {
  let card: string | undefined;
  // 2026-07-28 clients also send Mcp-Method and Mcp-Name (and browsers preflight them).
  const preflight = buildPreflightHeaders(ALLOW).map((v, i, all) => (all[i - 1] === 'Access-Control-Allow-Headers' ? `${v}, Mcp-Method, Mcp-Name` : v));
  const cardPreflight = buildPreflightHeaders(CARD_ALLOW);
  const policy = formatPolicy(bucket.limit);
  let loading: Promise<McpModule> | undefined;
  const load = () => (loading ??= import('./handle-mcp.ts'));

  return async (req: IncomingMessage, res: ServerResponse, clientKey: string, path = MCP_PATH): Promise<void> => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, path === MCP_SERVER_CARD_PATH ? cardPreflight : preflight);
      res.end();
      return;
    }
    const state = await bucket.consume(clientKey);
    const common = [...CORS_HEADERS, 'X-Content-Type-Options', 'nosniff', ...buildRateLimitHeaders(state, policy)];
    if (!state.allowed) {
      const wait = secondsToReset(state);
      const err = new ApiError('rate_limited', `Too many MCP requests: the limit is ${state.limit} per minute per client. Retry in ${wait} s.`, wait);
      writeReply(req, res, toErrorReply(err, { path: '/api/mcp' }), common);
      return finishRefusal(req, res);
    }
    for (let i = 0; i < common.length; i += 2) res.setHeader(common[i]!, common[i + 1]!);
    if (path === MCP_SERVER_CARD_PATH) {
      card ??= JSON.stringify((await import('../discovery/build-server-card.ts')).buildServerCard(config));
      return sendServerCard(req, res, card);
    }
    const { handleMcp } = await load();
    await handleMcp(req, res, { catalog, config });
  };
}
