/**
 * A test host for the gallery App, run in Chromium: it connects the official MCP client to
 * /api/mcp, reads the tool's `_meta.ui.resourceUri`, renders that resource in a sandboxed frame
 * under the CSP its `_meta.ui.csp` declares (as hosts do), and plays the host through
 * ext-apps' own AppBridge: tool input, then (unless told not to, as claude.ai does when a
 * result carries a resource link) the tool result; tool calls and open-link requests of the App.
 */
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpUiResourceMeta } from '@modelcontextprotocol/ext-apps';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

export interface HostPlay {
  tool: string;
  args: Record<string, unknown>;
  sendResult: boolean;
}

declare global {
  interface Window {
    playHost(play: HostPlay): Promise<void>;
    openedLinks: string[];
  }
}

const HOST = { name: 'gallery-test-host', version: '1.0.0' };

/** The CSP a host derives from `_meta.ui.csp` (the spec's restrictive default, widened by the declared origins). */
function buildCsp(csp: McpUiResourceMeta['csp']): string {
  const from = (csp?.resourceDomains ?? []).join(' ');
  const connect = (csp?.connectDomains ?? []).join(' ') || "'none'";
  return `default-src 'none'; script-src 'unsafe-inline' ${from}; style-src 'unsafe-inline' ${from}; img-src data: ${from}; font-src ${from}; media-src data: ${from}; connect-src ${connect}; frame-src 'none'; object-src 'none'`;
}

window.openedLinks = [];
window.playHost = async ({ tool, args, sendResult }) => {
  const client = new Client(HOST);
  await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', location.href)));
  const definition = (await client.listTools()).tools.find((t) => t.name === tool)!;
  const uri = (definition._meta?.ui as { resourceUri: string }).resourceUri;
  const [content] = (await client.readResource({ uri })).contents as { text: string; _meta?: { ui?: McpUiResourceMeta } }[];
  const csp = `<meta http-equiv="Content-Security-Policy" content="${buildCsp(content!._meta?.ui?.csp)}">`;
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.style.cssText = 'width: 960px; height: 720px; border: 0';
  document.body.append(frame);
  const bridge = new AppBridge(client, HOST, { openLinks: {}, serverTools: {} }, { hostContext: { toolInfo: { tool: definition } } });
  bridge.onopenlink = async ({ url }) => {
    window.openedLinks.push(url);
    return {};
  };
  bridge.addEventListener('initialized', () => {
    void (async () => {
      await bridge.sendToolInput({ arguments: args });
      if (sendResult) await bridge.sendToolResult(await client.callTool({ name: tool, arguments: args }));
    })();
  });
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.srcdoc = content!.text.replace('<head>', `<head>\n${csp}`);
};
