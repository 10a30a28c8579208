/**
 * `npm run stack`: the production shape on loopback, from the shipped configs. Redis, two
 * instances of the server over DIST_DIR's build, haproxy (deploy/haproxy/haproxy.cfg) and
 * Varnish (deploy/varnish/catalog.vcl) in front. A `npm run build` in another terminal goes
 * live in both instances, which then purge Varnish of what changed. Ctrl-C stops everything.
 */
import { existsSync } from 'node:fs';
import { ConfigError, readConfig } from '../src/config/read-config.ts';
import { hasStackTools, startStack, STACK_PORTS } from './lib/stack.ts';

let dist: string;
try {
  dist = readConfig().DIST_DIR;
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
if (!existsSync(dist)) {
  console.error(`No build at ${dist}: run \`npm run build\` first (SITE_URL=http://localhost:${STACK_PORTS.edge} npm run build makes its links name the stack).`);
  process.exit(1);
}
if (!hasStackTools()) {
  console.error('The stack needs varnishd (with varnish-modules), haproxy and redis-server: apt-get install varnish varnish-modules haproxy redis-server');
  process.exit(1);
}

const stack = await startStack({ distDir: dist, env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' } });
console.log(
  [
    `edge (Varnish)   ${stack.edgeUrl}        <- open this`,
    `haproxy          ${stack.lbUrl}`,
    ...stack.apps.map((app, i) => `instance ${i + 1}       ${app.url}`),
    `Redis            ${stack.redis.url}`,
    '',
    `Every answer says X-Cache: hit, miss or pass. Try: curl -sI ${stack.edgeUrl}/ ; Ctrl-C stops the stack.`,
  ].join('\n'),
);

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping…');
  void stack.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
