import type { ServerResponse } from 'node:http';

/** GET /healthz: liveness plus what was loaded, never cached. */
export function writeHealth(res: ServerResponse, templates: number): void {
  const body = JSON.stringify({ status: 'ok', templates, uptime: Math.round(process.uptime()) });
  res.writeHead(200, [
    'Content-Type', 'application/json',
    'Content-Length', String(Buffer.byteLength(body)),
    'Cache-Control', 'no-store',
  ]);
  res.end(body);
}
