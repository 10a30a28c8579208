import type { IncomingMessage, ServerResponse } from 'node:http';
import { CACHE_HEADERS } from '../../core/cdn/cache-policy.ts';
import { allowsMethod, createMethodNotAllowed, preflightHeadersOf } from '../../http/route-rules.ts';
import { toErrorReply } from '../../http/error-reply.ts';
import { respond } from '../../function/light-response.ts';
import { writeWebResponse } from '../../function/node-adapter.ts';
import { toWebResponse } from '../../function/web-reply.ts';
import { logUnexpected } from '../observe/log.ts';
import type { Route } from '../../contracts/routes/route-table.ts';
import type { ServingState } from './serving-state.ts';

/** Probes are read from anywhere (a load balancer, a browser on a status page): CORS like the rest. */
const CORS = ['Access-Control-Allow-Origin', '*'];
const HEADERS = [...CORS, ...CACHE_HEADERS.none];

/** A probe's JSON answer, never cached; OPTIONS and other methods as on every route. */
function writeProbe(req: IncomingMessage, res: ServerResponse, route: Route, status: number, body: object, echo: readonly string[], requestId: string): void {
  if (req.method === 'OPTIONS') return void writeWebResponse(res, respond(204, [...preflightHeadersOf(route), ...echo]));
  if (!allowsMethod(route, req.method)) {
    const reply = toErrorReply(createMethodNotAllowed(route, req.method, route.pattern), { path: route.pattern, requestId }, logUnexpected);
    const request = { method: req.method, headers: new Headers() } as Request;
    return void writeWebResponse(res, toWebResponse(request, reply, [...echo, ...CORS, 'Allow', route.allow]));
  }
  const text = JSON.stringify(body);
  res.writeHead(status, [...echo, ...HEADERS, 'Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(text))]);
  res.end(text);
}

/**
 * GET /healthz (liveness): 200 whenever the process answers, with what it serves, or
 * `loading` before the first build is in.
 */
export function writeHealth(req: IncomingMessage, res: ServerResponse, route: Route, state: ServingState, echo: readonly string[], requestId: string): void {
  const uptime = Math.round(process.uptime());
  const gen = state.current;
  writeProbe(req, res, route, 200, gen ? { status: 'ok', templates: gen.build.catalog.templates.length, uptime } : { status: 'loading', uptime }, echo, requestId);
}

/**
 * GET /readyz: 200 while a build is serving and the process is not draining; 503 while the
 * first build loads and from SIGTERM on, so a load balancer takes the instance out of rotation
 * before its listener closes. (/healthz, liveness, stays 200 through both.)
 */
export function writeReadiness(req: IncomingMessage, res: ServerResponse, route: Route, state: ServingState, echo: readonly string[], requestId: string): void {
  const gen = state.current;
  if (state.draining) return writeProbe(req, res, route, 503, { status: 'draining' }, echo, requestId);
  if (!gen) return writeProbe(req, res, route, 503, { status: 'loading' }, echo, requestId);
  writeProbe(req, res, route, 200, { status: 'ready', build: gen.build.id, templates: gen.build.catalog.templates.length }, echo, requestId);
}
