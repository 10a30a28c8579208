import type { IncomingMessage } from 'node:http';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';
import { getAnswerMemo } from '../../contracts/mcp/memo-results.ts';
import { registerCache } from '../observe/metric-sources.ts';
import type { RouteHandler } from '../routes/route-handler.ts';
import type { ChargeMessages } from '../../http/mcp/bound-mcp-message.ts';

type McpModule = typeof import('./handle-mcp.ts');

/**
 * The handler of /api/mcp (its /server-card is the published card file: server-card-route).
 * The route table has answered OPTIONS, counted the request against the MCP bucket and refused
 * other methods; the MCP handler reads the body and checks Host and Accept itself. It is
 * imported (SDK included) on first use to keep it out of the cold start.
 */
export function createMcpHandlers(catalog: Catalog, config: Config, chargeOf?: (req: IncomingMessage) => ChargeMessages) {
  registerCache('mcp-answers', getAnswerMemo(catalog)); // hit ratio on /metrics
  let loading: Promise<McpModule> | undefined;
  const load = () => (loading ??= import('./handle-mcp.ts'));
  return {
    mcp: async (req, res, ctx) => {
      for (let i = 0; i < ctx.common.length; i += 2) res.setHeader(ctx.common[i]!, ctx.common[i + 1]!);
      const { handleMcp } = await load();
      await handleMcp(req, res, { catalog, config }, chargeOf?.(req));
    },
  } satisfies Record<string, RouteHandler>;
}
