import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServingState } from './request-entry.ts';
import { cacheControlOf } from '../../core/cdn/cache-policy.ts';

const NO_STORE = cacheControlOf('error');

const ALLOW = 'GET, HEAD, OPTIONS';

/**
 * A probe's JSON answer, never cached. Probes answer GET and HEAD (Node sends no body for
 * HEAD), OPTIONS with the methods they allow, and anything else 405 with `Allow`, like every
 * other path of the service.
 */
function writeProbe(req: IncomingMessage, res: ServerResponse, status: number, body: object): void {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, ['Allow', ALLOW, 'Cache-Control', NO_STORE]).end();
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    [status, body] = [405, { error: 'method_not_allowed', message: `${String(req.method).slice(0, 20)} is not allowed on a probe: use GET.` }];
  }
  const text = JSON.stringify(body);
  const head = ['Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(text)), 'Cache-Control', NO_STORE];
  res.writeHead(status, status === 405 ? [...head, 'Allow', ALLOW] : head);
  res.end(text);
}

/** GET /healthz (liveness): the process answers, with what it serves. */
export function writeHealth(req: IncomingMessage, res: ServerResponse, templates: number): void {
  writeProbe(req, res, 200, { status: 'ok', templates, uptime: Math.round(process.uptime()) });
}

/** /healthz before the first build has loaded: the process is alive, and loading. */
export function writeLoadingHealth(req: IncomingMessage, res: ServerResponse): void {
  writeProbe(req, res, 200, { status: 'loading', uptime: Math.round(process.uptime()) });
}

/**
 * GET /readyz: 200 while a build is serving and the process is not draining; 503 while the
 * first build loads and from SIGTERM on, so a load balancer takes the instance out of rotation
 * before its listener closes. (/healthz, liveness, stays 200 through both.)
 */
export function writeReadiness(req: IncomingMessage, res: ServerResponse, state: ServingState): void {
  const gen = state.current;
  if (state.draining) return writeProbe(req, res, 503, { status: 'draining' });
  if (!gen) return writeProbe(req, res, 503, { status: 'loading' });
  writeProbe(req, res, 200, { status: 'ready', build: gen.build.id, templates: gen.build.catalog.templates.length });
}
