import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';
import type { GuardedHandler } from '../http/api-guard.ts';

type McpModule = typeof import('./handle-mcp.ts');

/**
 * /api/mcp behind the API guard (create-app mounts it: preflight, the MCP bucket, CORS and
 * rate-limit headers): sets the guard's headers, then hands over to the MCP handler, which
 * reads the body and checks Host/Origin and methods itself. The handler (SDK included) is
 * imported on first use to keep it out of the cold start.
 */
export function createMcpRoute(catalog: Catalog, config: Config): GuardedHandler {
  let loading: Promise<McpModule> | undefined;
  const load = () => (loading ??= import('./handle-mcp.ts'));
  return async (req, res, common) => {
    for (let i = 0; i < common.length; i += 2) res.setHeader(common[i]!, common[i + 1]!);
    const { handleMcp } = await load();
    await handleMcp(req, res, { catalog, config });
  };
}
