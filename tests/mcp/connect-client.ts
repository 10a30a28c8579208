import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** The two ways a client reaches /api/mcp: pinned to 2026-07-28 (server/discover, per-request _meta) or through the 2025 handshake. */
export type Era = 'modern' | 'legacy';
export const ERAS: readonly Era[] = ['modern', 'legacy'];

/** The official v2 client, connected to the server at `baseUrl` in the given era. */
export async function connectClient(baseUrl: string, era: Era): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`)));
  return client;
}
