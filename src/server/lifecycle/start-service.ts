/**
 * The service, started by main.ts (`npm run serve`): reads the configuration once, listens,
 * loads the build DIST_DIR names, then serves pages, published files, the REST API and MCP on
 * one port. A newly published build (or SIGHUP) is loaded beside the serving one and switched in.
 */
import { createServer, type Server } from 'node:http';
import { ConfigError, readConfig } from '../../config/read-config.ts';
import type { Config } from '../../schemas/config.ts';
import { createShared, type AppOptions } from '../create-app.ts';
import { startBuildReloader, switchTo } from './build-reloader.ts';
import { BuildError } from '../../http/data/check-build-data.ts';
import { loadGeneration } from './load-generation.ts';
import { flushLog, logNow, logReady, logUnexpected, setLogLevel } from '../observe/log.ts';
import { startMetricsServer } from '../observe/metrics-server.ts';
import { createRequestEntry } from './request-entry.ts';
import type { Generation, ServingState } from './serving-state.ts';
import { installShutdown } from './shutdown.ts';
import { createSwitchPurge } from '../cdn/purge-on-switch.ts';
import { answerClientErrors, refuseConnect } from '../../function/node-client-error.ts';
import { createVarnishPurger } from '../cdn/varnish-purge.ts';

function exitWith(message: string): never {
  flushLog();
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** How the service runs: the origin (`npm run serve`), or the Node function (`npm run function`) over a static half elsewhere. */
export interface ServiceMode {
  kind: 'origin' | 'function';
  /** The function's app options (its static half, an HTML rewriter). */
  app?: AppOptions;
  /** What the start message adds (the function says what it serves and what needs STATIC_ORIGIN). */
  describe?: Record<string, unknown>;
}

/**
 * Starts the service: reads the configuration once, listens, loads the build DIST_DIR names,
 * and switches to each newly published build (SIGHUP too), in-flight requests finishing on the
 * build they started on. The origin and the Node function share all of it; they differ in the
 * static half (mode.app) and in the function's builds holding the data files alone.
 */
export async function startService(mode: ServiceMode = { kind: 'origin' }): Promise<void> {
  let config: Config;
  try {
    config = readConfig();
  } catch (err) {
    if (err instanceof ConfigError) exitWith(err.message);
    throw err;
  }
  setLogLevel(config.LOG_LEVEL);
  const metrics = config.METRICS_PORT !== undefined;

  process.on('unhandledRejection', (reason) => {
    logUnexpected({ msg: 'unhandled rejection', error: reason });
  });

  // Until the reloader runs, a SIGHUP (default: terminate) is ignored rather than fatal.
  let onHangUp = () => {};
  process.on('SIGHUP', () => onHangUp());

  let servingFirst!: () => void;
  const state: ServingState = { draining: false, firstBuild: new Promise<void>((resolve) => (servingFirst = resolve)) };
  const handle = createRequestEntry(config, state, metrics);

  // Node checks header and request timeouts on this interval (30 s by default): every 5 s (or a
  // quarter of a shorter headers timeout), a client that never finishes its headers is closed
  // near the timeout rather than up to 30 s late.
  const headersTimeout = config.HEADERS_TIMEOUT_SECONDS * 1000;
  const server = createServer(
    {
      keepAliveTimeout: 65_000,
      headersTimeout,
      requestTimeout: Math.max(30_000, headersTimeout),
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(headersTimeout / 4)),
    },
    handle,
  );
  // An Expect other than 100-continue: Node would answer a bare 417 without a body (not JSON on
  // /api). RFC 9110 lets a server ignore the expectation, so the request is served as usual.
  server.on('checkExpectation', handle);
  // What Node's parser refuses before `handle` runs (501 for an unknown method, 505, 400) and CONNECT.
  answerClientErrors(server);
  refuseConnect(server);
  server.once('error', (err) => exitWith(`Cannot listen on ${config.HOST}:${config.PORT}: ${err.message}`));
  // Listening first: probes get answers (/healthz 200, /readyz 503) while the build loads.
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  logNow({ msg: 'loading build', url: `http://${host}:${port}`, distDir: config.DIST_DIR, reason: 'start' });

  const shared = await createShared(config);
  // A reload parses only the catalog shards the new build does not share with the serving one.
  const load = (importEntry: boolean): Promise<Generation> => loadGeneration(config, shared, { importEntry, metrics, serving: state.current?.build, app: mode.app, dataOnly: mode.kind === 'function' });
  let first: Generation;
  try {
    first = await load(false);
  } catch (err) {
    if (err instanceof BuildError) exitWith(err.message);
    throw err;
  }
  // Loading parsed tens of MB of JSON into throwaway strings and trees; a single full GC now
  // returns that memory before serving instead of whenever V8 gets to it.
  // `npm run serve` and `npm run function` pass --expose-gc; without it this is skipped. Its other flags trade ~5 % of
  // search throughput for ~100 MB less RSS at 50,000 templates: semi-spaces of 16 MB (a 32 MB young
  // generation; V8 grows it to 64 MB on this machine) and a major GC once the old generation grows
  // by a quarter rather than V8's larger default factor (BENCHMARKS.md, scale).
  (globalThis as { gc?: () => void }).gc?.();
  switchTo(state, first);
  servingFirst();

  const metricsBind = config.METRICS_HOST ?? config.HOST;
  const metricsHost = metricsBind.includes(':') ? `[${metricsBind}]` : metricsBind;
  let metricsServer: Server | undefined;
  if (config.METRICS_PORT !== undefined) {
    metricsServer = await startMetricsServer(metricsBind, config.METRICS_PORT).catch((err: Error) =>
      exitWith(`Cannot listen for metrics on ${metricsBind}:${config.METRICS_PORT}: ${err.message}`),
    );
  }
  logReady({
    msg: 'listening',
    url: `http://${host}:${port}`,
    build: first.build.id,
    templates: first.build.catalog.templates.length,
    builtAt: first.build.builtAt,
    redis: config.REDIS_URL ? 'shared' : 'memory',
    startupMs: Math.round(performance.now()),
    ...mode.describe,
    ...(metricsServer ? { metrics: `http://${metricsHost}:${(metricsServer.address() as { port: number }).port}/metrics` } : {}),
  });

  // After each switch, every instance purges the CDN of what the new build changed (never awaited).
  const purge = createSwitchPurge((config.CDN_PURGE_URL ?? []).map(createVarnishPurger));
  const reloader = startBuildReloader(config.DIST_DIR, state, () => load(true), (gen, previous) => void purge(previous?.build, gen.build));
  onHangUp = () => void reloader.reload('SIGHUP', true);
  installShutdown(server, state, config.SHUTDOWN_DELAY_SECONDS, async () => {
    reloader.close();
    metricsServer?.close();
    await shared.close();
  });
}
