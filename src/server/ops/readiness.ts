import type { ServerResponse } from 'node:http';
import type { ServingState } from './request-entry.ts';

function writeJson(res: ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body);
  res.writeHead(status, ['Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(text)), 'Cache-Control', 'no-store']);
  res.end(text);
}

/**
 * GET /readyz: 200 while a build is serving and the process is not draining; 503 while the
 * first build loads and from SIGTERM on, so a load balancer takes the instance out of rotation
 * before its listener closes. (/healthz, liveness, stays 200 through both.)
 */
export function writeReadiness(res: ServerResponse, state: ServingState): void {
  const gen = state.current;
  if (state.draining) return writeJson(res, 503, { status: 'draining' });
  if (!gen) return writeJson(res, 503, { status: 'loading' });
  writeJson(res, 200, { status: 'ready', build: gen.build.id, templates: gen.build.catalog.templates.length });
}

/** /healthz before the first build has loaded: the process is alive, and loading. */
export function writeLoadingHealth(res: ServerResponse): void {
  writeJson(res, 200, { status: 'loading', uptime: Math.round(process.uptime()) });
}
