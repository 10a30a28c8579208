import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../schemas/config.ts';
import type { App } from '../create-app.ts';
import type { AccessLogger } from '../observe/access-log.ts';
import { createClientIpReader } from '../http/client-ip.ts';
import type { LoadedBuild } from './load-build.ts';
import { recordRateLimited, recordRequest } from '../observe/stats.ts';
import { writeLoadingHealth, writeReadiness } from './probes.ts';
import { createRequestId, echoRequestId, readRequestId } from '../observe/request-id.ts';
import { toRateLimitBucket, toRouteGroup } from '../observe/route-group.ts';

/** One build being served: its App, and the requests it still has in flight. */
export interface Generation {
  app: App;
  build: LoadedBuild;
  /** Writes this build's request lines (its id on each); undefined when LOG_LEVEL is above info. */
  access: AccessLogger | undefined;
  active: number;
  /** Called once a retired generation's last request has finished. */
  onDrained?: () => void;
}

/** What the process serves now; the reloader swaps `current` in one assignment. */
export interface ServingState {
  current?: Generation;
  /** Set on SIGTERM: readiness fails so load balancers stop sending traffic. */
  draining: boolean;
  /** Settles when the first build serves; requests arriving before wait for it. */
  firstBuild: Promise<unknown>;
}

/** The path of a request target in origin or absolute form, without the query. */
function readPath(url: string): string {
  let start = 0;
  if (url[0] !== '/') {
    const authority = /^https?:\/\/[^/?#]*/i.exec(url);
    start = authority ? authority[0].length : 0;
  }
  const q = url.indexOf('?', start);
  const path = url.slice(start, q === -1 ? undefined : q);
  return path || '/';
}

/**
 * The server's request listener: picks the build serving now (one build per request, from
 * first byte to last), answers /readyz itself, and around the App writes one access line
 * (request id, build id) and the request metrics once the response is done. An X-Request-Id
 * the client or proxy sent is logged and echoed; without one, a new id is logged only.
 */
export function createRequestEntry(config: Config, state: ServingState, metrics: boolean): (req: IncomingMessage, res: ServerResponse) => void {
  const clientIp = createClientIpReader(config.TRUST_PROXY);
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const path = readPath(req.url ?? '/');
    if (path === '/readyz') return writeReadiness(req, res, state);
    const gen = state.current;
    if (!gen) {
      if (path === '/healthz') return writeLoadingHealth(req, res);
      // Only while the process starts (a load balancer sees /readyz fail): served once loaded.
      state.firstBuild.then(() => handle(req, res), () => res.destroy());
      return;
    }
    const given = readRequestId(req);
    if (given) echoRequestId(res, given);
    const access = gen.access;
    const id = given ?? (access ? createRequestId() : '');
    const socket = req.socket;
    const before = socket.bytesWritten;
    gen.active++;
    res.once('close', () => {
      if (--gen.active === 0 && gen.onDrained) gen.onDrained();
      const status = res.statusCode;
      const ms = performance.now() - started;
      if (metrics) {
        const group = toRouteGroup(path);
        recordRequest(group, status, ms / 1000);
        if (status === 429) recordRateLimited(toRateLimitBucket(group));
      }
      access?.({
        method: req.method,
        path,
        status,
        ms: Math.round(ms * 100) / 100,
        ip: clientIp(req),
        bytes: socket.bytesWritten - before,
        requestId: id,
        aborted: !res.writableFinished,
      });
    });
    gen.app.handle(req, res);
  };
  return handle;
}
