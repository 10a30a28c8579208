import { request } from 'node:http';
import { connect } from 'node:net';
import { buildRequest, openSocket, parseResponses, type WireResponse } from '../helpers/http-wire.ts';
import type { RunningServer } from '../helpers/start-server.ts';

/** GET one template as client `clientIp` (X-Forwarded-For, read with TRUST_PROXY=1); complete when the envelope names it. */
export async function getOne(server: RunningServer, id: string, clientIp: string): Promise<{ status: number; complete: boolean; headers: Headers }> {
  const res = await fetch(`${server.url}/api/v1/templates/${id}`, { headers: { 'X-Forwarded-For': clientIp } });
  const text = await res.text();
  let complete = false;
  if (res.status === 200) complete = (JSON.parse(text) as { template: { id: string } }).template.id === id;
  return { status: res.status, complete, headers: res.headers };
}

/** An MCP tools/call of get_template; complete when the structured result names the template. */
export async function callGetTemplate(server: RunningServer, id: string, clientIp: string): Promise<{ status: number; complete: boolean }> {
  const res = await fetch(`${server.url}/api/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Forwarded-For': clientIp },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_template', arguments: { id } } }),
  });
  const body = (await res.json()) as { result?: { structuredContent?: { template?: { id: string } } } };
  return { status: res.status, complete: body.result?.structuredContent?.template?.id === id };
}

/**
 * GET the whole list on a new connection (no keep-alive); complete when the body parses and
 * holds `expected` templates.
 */
export function getWholeList(server: RunningServer, expected: number): Promise<{ status: number; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/api/v1/templates`, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('error', reject);
      res.on('end', () => {
        let complete = false;
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString()) as { count: number; templates: unknown[] };
          complete = body.count === expected && body.templates.length === expected;
        } catch {
          // cut short: complete stays false
        }
        resolve({ status: res.statusCode!, complete });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** An MCP request whose last body byte is held back, so it is in flight until `finish()`. */
export interface HeldRequest {
  finish(): Promise<WireResponse>;
}

/** Sends a search_templates call (a large answer) except its last byte. */
export async function holdMcpSearch(server: RunningServer, limit: number): Promise<HeldRequest> {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_templates', arguments: { limit } } }));
  const socket = await openSocket(server.url);
  const chunks: Buffer[] = [];
  socket.on('data', (d: Buffer) => chunks.push(d));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const headers: [string, string][] = [
    ['Host', new URL(server.url).host], ['Content-Type', 'application/json'], ['Accept', 'application/json'],
    ['Content-Length', String(body.length)], ['Connection', 'close'],
  ];
  socket.write(buildRequest({ method: 'POST', target: '/api/mcp', headers, body: body.subarray(0, -1) }));
  return {
    async finish() {
      socket.write(body.subarray(-1));
      await closed;
      const [res] = parseResponses(Buffer.concat(chunks));
      if (!res) throw new Error('no answer to a request in flight');
      return res;
    },
  };
}

/** Opens and closes one connection; rejects with the socket error (ECONNREFUSED once the server stopped listening). */
export function connectOnce(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.destroy();
      resolve();
    });
    socket.on('error', reject);
  });
}
