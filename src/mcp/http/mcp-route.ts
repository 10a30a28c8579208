import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../../core/api-error.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';
import { writeReply } from '../../server/api-reply.ts';
import { buildPreflightHeaders, CORS_HEADERS } from '../../server/cors.ts';
import { buildRateLimitHeaders, formatPolicy, secondsToReset } from '../../server/rate-limit-headers.ts';
import type { RateLimitBucket } from '../../server/rate-limit.ts';
import { toErrorReply } from '../../server/send-error.ts';

type McpModule = typeof import('./handle-mcp.ts');

const ALLOW = 'POST, OPTIONS';

/**
 * /api/mcp: answers the CORS preflight, counts the request against the MCP bucket (its own,
 * separate from REST), sets the CORS and rate-limit headers, then hands over to the MCP
 * server, which reads the body and checks Host/Origin and methods itself. The MCP module
 * (SDK included) is imported on first use to keep it out of the cold start.
 */
export function createMcpRoute(catalog: Catalog, config: Config, bucket: RateLimitBucket) {
  const preflight = buildPreflightHeaders(ALLOW);
  const policy = formatPolicy(bucket.limit);
  let loading: Promise<McpModule> | undefined;
  const load = () => (loading ??= import('./handle-mcp.ts'));

  return async (req: IncomingMessage, res: ServerResponse, clientKey: string): Promise<void> => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, preflight);
      res.end();
      return;
    }
    const state = await bucket.consume(clientKey);
    const common = [...CORS_HEADERS, 'X-Content-Type-Options', 'nosniff', ...buildRateLimitHeaders(state, policy)];
    if (!state.allowed) {
      const wait = secondsToReset(state);
      const err = new ApiError('rate_limited', `Too many MCP requests: the limit is ${state.limit} per minute per client. Retry in ${wait} s.`, wait);
      writeReply(req, res, toErrorReply(err, { path: '/api/mcp' }), common);
      return;
    }
    for (let i = 0; i < common.length; i += 2) res.setHeader(common[i]!, common[i + 1]!);
    const { handleMcp } = await load();
    await handleMcp(req, res, { catalog, config });
  };
}
