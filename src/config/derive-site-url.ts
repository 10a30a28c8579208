/** Hosts a server listens on for every address (or for this machine alone), which a link names `localhost`. */
const LOCAL_NAMES = new Set(['0.0.0.0', '::', '[::]', '127.0.0.1', 'localhost']);

/** The port links name when the server is told to pick one (PORT=0), which no build can know. */
const DEFAULT_PORT = 4321;

/**
 * The address this server answers on, for links when SITE_URL is unset: `http://{HOST}:{PORT}`,
 * with `localhost` for a wildcard or the loopback host (a link to 0.0.0.0 leads nowhere) and an
 * IPv6 address in brackets. `PORT=4711 npm start` builds and serves links to port 4711.
 */
export function deriveSiteUrl(host: string, port: number): string {
  const name = LOCAL_NAMES.has(host.toLowerCase()) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host.toLowerCase();
  return `http://${name}:${port || DEFAULT_PORT}`;
}

/** Whether a link's host is this machine: `localhost` or a loopback address. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
