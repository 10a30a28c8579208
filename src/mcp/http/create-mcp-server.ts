import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Implementation } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Config } from '../../schemas/config.ts';
import {
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_NAME,
  MCP_SERVER_TITLE,
  MCP_SERVER_VERSION,
  buildMcpInstructions,
} from '../surface/server-info.ts';
import { MCP_TOOLS, callMcpTool, listMcpTools, type ToolContext } from '../surface/tools.ts';

// Built once: a fresh Ajv per request (the SDK's default) costs more than the whole tool call.
const SHARED_VALIDATOR = new AjvJsonSchemaValidator();
const TOOL_NAMES = MCP_TOOLS.map((t) => t.name).join(', ');

interface Identity {
  info: Implementation;
  instructions: string;
}
const identities = new WeakMap<Config, Identity>();

function identify(config: Config): Identity {
  let id = identities.get(config);
  if (!id) {
    id = {
      info: {
        name: MCP_SERVER_NAME,
        version: MCP_SERVER_VERSION,
        title: MCP_SERVER_TITLE,
        description: MCP_SERVER_DESCRIPTION,
        websiteUrl: config.SITE_URL,
      },
      instructions: buildMcpInstructions(config.SITE_URL),
    };
    identities.set(config, id);
  }
  return id;
}

/**
 * A protocol server for one request. The low-level `Server` rather than `McpServer`: tools/list
 * answers with the tool listing built once per site (McpServer converts zod to JSON Schema on
 * every listing), and tools/call checks arguments itself so that bad input comes back as an
 * `invalid_parameter` tool result naming the argument, like the REST API's 400.
 */
export function createMcpServer(ctx: ToolContext): Server {
  const { info, instructions } = identify(ctx.config);
  const server = new Server(info, {
    capabilities: { tools: { listChanged: false } },
    instructions,
    jsonSchemaValidator: SHARED_VALIDATOR,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listMcpTools(ctx.config.SITE_URL) }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const result = callMcpTool(request.params.name, request.params.arguments, ctx);
    if (!result) throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${request.params.name}". Tools: ${TOOL_NAMES}.`);
    return result;
  });
  return server;
}
