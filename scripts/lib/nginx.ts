import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, waitForPort } from './redis-server.ts';

/** The shipped template (deploy/nginx/catalog.conf.template). */
export const NGINX_TEMPLATE = fileURLToPath(new URL('../../deploy/nginx/catalog.conf.template', import.meta.url));

/** What the template is filled with (docs/deploying.md names them). */
export interface NginxSettings {
  /** The build's client folder. */
  CATALOG_ROOT: string;
  /** `host:port` to listen on. */
  CATALOG_LISTEN: string;
  /** The function's base URL (scheme, host, port; no path), for proxy_pass. */
  CATALOG_FUNCTION: string;
  /** The build's SITE_URL, MEDIA_URL and STUDIO_URL: the Link and CSP values name them. */
  CATALOG_SITE_URL: string;
  CATALOG_MEDIA_URL: string;
  CATALOG_STUDIO_URL: string;
}

/** The template filled by `envsubst` naming its variables only (nginx's own `$uri` stays), as the official image does. */
export function fillNginxTemplate(given: NginxSettings, template = NGINX_TEMPLATE): string {
  // nginx reads a relative root against its prefix (-p), not the caller's folder.
  const settings = { ...given, CATALOG_ROOT: resolve(given.CATALOG_ROOT) };
  const names = Object.keys(settings).map((n) => `\${${n}}`).join(' ');
  const out = spawnSync('envsubst', [names], { input: readFileSync(template, 'utf8'), env: { PATH: process.env.PATH, ...settings }, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`envsubst failed: ${out.stderr}`);
  return out.stdout;
}

/**
 * An nginx.conf whose http {} block is Debian's stock one (mime.types, sendfile, gzip) with the
 * filled template included, and every path nginx writes (pid, logs, temp files) under `workDir`.
 */
function writeMainConfig(workDir: string, site: string): string {
  for (const dir of ['logs', 'temp']) mkdirSync(join(workDir, dir), { recursive: true });
  writeFileSync(join(workDir, 'catalog.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${join(workDir, 'temp', t)};`).join('\n');
  const conf = `worker_processes 1;
daemon off;
pid ${join(workDir, 'nginx.pid')};
error_log ${join(workDir, 'logs', 'error.log')} warn;
events { worker_connections 1024; }
http {
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    gzip on;
${temp}
    include ${join(workDir, 'catalog.conf')};
}
`;
  const path = join(workDir, 'nginx.conf');
  writeFileSync(path, conf);
  return path;
}

/** `nginx -t` on the filled template inside a stock http {} block: its output, and whether it passed. */
export function testNginxConfig(workDir: string, settings: NginxSettings): { ok: boolean; output: string } {
  const conf = writeMainConfig(workDir, fillNginxTemplate(settings));
  const out = spawnSync('nginx', ['-t', '-p', workDir, '-c', conf], { encoding: 'utf8' });
  return { ok: out.status === 0, output: `${out.stdout}${out.stderr}` };
}

/** A running nginx (a child process, not a daemon). */
export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
  output(): string;
}

/** Starts nginx in the foreground with the filled template on 127.0.0.1 and a free port (or `port`). */
export async function startNginx(workDir: string, settings: Omit<NginxSettings, 'CATALOG_LISTEN'>, port?: number): Promise<RunningNginx> {
  const listen = port ?? (await findFreePort());
  const conf = writeMainConfig(workDir, fillNginxTemplate({ ...settings, CATALOG_LISTEN: `127.0.0.1:${listen}` }));
  const child = spawn('nginx', ['-p', workDir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGQUIT'); // graceful: the worker finishes and both processes exit
    await exited;
  };
  try {
    await Promise.race([waitForPort(listen, 10_000, 'nginx'), exited.then(() => Promise.reject(new Error('nginx exited')))]);
  } catch (err) {
    await stop();
    const log = (() => { try { return readFileSync(join(workDir, 'logs', 'error.log'), 'utf8'); } catch { return ''; } })();
    throw new Error(`${(err as Error).message}\n${output}\n${log}`);
  }
  return { url: `http://127.0.0.1:${listen}`, stop, output: () => output };
}

/**
 * `nginx -s reload -p workDir -c workDir/nginx.conf` after writing the site filled with
 * `settings` (docs/deploying.md: the signal goes to the pid the main configuration names).
 * Resolves once the command returns (the master then starts new workers); throws on failure.
 */
export function reloadNginx(workDir: string, settings: NginxSettings): void {
  writeFileSync(join(workDir, 'catalog.conf'), fillNginxTemplate(settings));
  const out = spawnSync('nginx', ['-s', 'reload', '-p', workDir, '-c', join(workDir, 'nginx.conf')], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`nginx -s reload failed: ${out.stdout}${out.stderr}`);
}

/** True when nginx and envsubst are installed (`.ci/run` installs nginx-light and gettext-base). */
export function hasNginx(): boolean {
  return ['nginx', 'envsubst'].every((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0);
}
