/**
 * The service entry (`npm run serve`): reads the configuration and the build once, then
 * serves pages, published files, the REST API and MCP on one port.
 */
import { createServer } from 'node:http';
import { ConfigError, readConfig } from '../config/read-config.ts';
import type { Config } from '../schemas/config.ts';
import { createApp, createShared } from './create-app.ts';
import { BuildError, loadBuild, type LoadedBuild } from './ops/load-build.ts';
import { logNow, logReady, setLogSilent } from './ops/log.ts';
import { installShutdown } from './ops/shutdown.ts';

function exitWith(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readOrExit<T>(read: () => T, expected: new (...args: never[]) => Error): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof expected) exitWith(err.message);
    throw err;
  }
}

const config: Config = readOrExit(() => readConfig(), ConfigError);
setLogSilent(config.LOG_LEVEL === 'silent');
const build: LoadedBuild = readOrExit(() => loadBuild(config.DIST_DIR), BuildError);
// Loading parsed tens of MB of JSON into throwaway trees (MiniSearch builds Maps from one); a
// single full GC now returns that memory before serving instead of whenever V8 gets to it.
// `npm run serve` passes --expose-gc; without it this is skipped. Its other flags trade ~5 % of
// search throughput for ~100 MB less RSS at 50,000 templates: semi-spaces of 16 MB (a 32 MB young
// generation; V8 grows it to 64 MB on this machine) and a major GC once the old generation grows
// by a quarter rather than V8's larger default factor (BENCHMARKS.md, scale).
(globalThis as { gc?: () => void }).gc?.();
const shared = await createShared(config);
const app = createApp(config, build, shared);

process.on('unhandledRejection', (reason) => {
  logNow({ msg: 'unhandled rejection', error: reason instanceof Error ? reason.stack : String(reason) });
});

// Node checks header and request timeouts on this interval (30 s by default): every 5 s, a
// client that never finishes its headers is closed near headersTimeout rather than 10 s late.
const server = createServer(
  { keepAliveTimeout: 65_000, headersTimeout: 20_000, requestTimeout: 30_000, connectionsCheckingInterval: 5_000 },
  app.handle,
);
// An Expect other than 100-continue: Node would answer a bare 417 without a body (not JSON on
// /api). RFC 9110 lets a server ignore the expectation, so the request is served as usual.
server.on('checkExpectation', app.handle);
server.once('error', (err) => exitWith(`Cannot listen on ${config.HOST}:${config.PORT}: ${err.message}`));
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  logReady({
    msg: 'listening',
    url: `http://${host}:${port}`,
    templates: build.catalog.templates.length,
    builtAt: build.builtAt,
    redis: config.REDIS_URL ? 'shared' : 'memory',
    startupMs: Math.round(performance.now()),
  });
});
installShutdown(server, shared.close);
