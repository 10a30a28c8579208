import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../schemas/config.ts';
import { createClientIpReader } from '../http/client-ip.ts';
import { createAnswerHeaders } from '../http/security-headers.ts';
import { readTarget } from '../http/request-target.ts';
import { recordRateLimited, recordRequest } from '../observe/stats.ts';
import { BUILD_ID, REQUEST_ID } from '../../core/header-names.ts';
import { readSearchNoteHeader } from '../observe/search-notes.ts';
import { readSearchNote } from '../../core/search/search-note.ts';
import { createRequestId, keepRequestId } from '../../core/request-id.ts';
import { matchRoute } from '../../contracts/routes/match-route.ts';
import { writeHealth, writeReadiness } from './probes.ts';
import type { ServingState } from './serving-state.ts';


/**
 * The server's request listener: reads the target and matches the route once, picks the
 * build serving now (one build per request, from first byte to last), answers the probes
 * itself, and around the build's App writes one access line (request id, build id) and the
 * request metrics (by the route's group) once the response is done. Every answer carries an
 * X-Request-Id, logged with it: the one the client or proxy sent when usable, else a new one. Every
 * answer carries the headers of createAnswerHeaders (Referrer-Policy, HSTS behind HTTPS).
 */
export function createRequestEntry(config: Config, state: ServingState, metrics: boolean): (req: IncomingMessage, res: ServerResponse) => void {
  const clientIp = createClientIpReader(config.TRUST_PROXY);
  const answerHeaders = createAnswerHeaders(config);
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const target = readTarget(req);
    const match = matchRoute(target.path);
    const { route } = match;
    const given = req.headers['x-request-id'];
    const id = keepRequestId(typeof given === 'string' ? given : undefined) ?? createRequestId();
    const echo = [REQUEST_ID, id, ...answerHeaders(req)];
    if (route.handler === 'readiness') return writeReadiness(req, res, route, state, echo, id);
    const gen = state.current;
    if (!gen) {
      if (route.handler === 'health') return writeHealth(req, res, route, state, echo, id);
      // Only while the process starts (a load balancer sees /readyz fail): served once loaded.
      state.firstBuild.then(() => handle(req, res), () => res.destroy());
      return;
    }
    const access = gen.access;
    const socket = req.socket;
    const before = socket.bytesWritten;
    gen.active++;
    res.once('close', () => {
      if (--gen.active === 0 && gen.onDrained) gen.onDrained();
      const status = res.statusCode;
      const ms = performance.now() - started;
      if (metrics) {
        recordRequest(route.group, status, ms / 1000);
        if (status === 429 && route.bucket) recordRateLimited(route.bucket);
      }
      access?.({
        method: req.method,
        path: target.path,
        status,
        ms: Math.round(ms * 100) / 100,
        ip: clientIp(req),
        bytes: socket.bytesWritten - before,
        requestId: id,
        aborted: !res.writableFinished,
        search: readSearchNote(readSearchNoteHeader(res)),
      });
    });
    // The build's id joins the request's own headers (echo is this request's array: no copy made).
    echo.push(BUILD_ID, gen.build.id);
    if (route.handler === 'health') writeHealth(req, res, route, state, echo, id);
    else gen.app.handle(req, res, echo, id);
  };
  return handle;
}
