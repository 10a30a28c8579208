import type { CaseGenerator } from './fuzz-vocabulary.ts';

/** Name of the canary files planted outside the served folder (see plant-canaries.ts). */
export const CANARY_FILE = 'CANARY-hardening.txt';

const utf8AsLatin1 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

/** One step up (`../`) in every spelling a server might decode into one. */
const UP = [
  '../', '..%2f', '..%2F', '%2e%2e/', '%2e%2e%2f', '%2E%2E%2F', '%2E%2e/', '.%2e/', '%2e./', '%252e%252e%252f', '%252e%252e/', '..%252f',
  '..%5c', '..\\', '%2e%2e%5c', '..%255c', '%c0%ae%c0%ae/', '%c0%ae%c0%ae%c0%af', '%e0%80%ae%e0%80%ae/', '%c0%2e%c0%2e/', '%uff0e%uff0e/',
  '%ef%bc%8e%ef%bc%8e/', '%e2%80%a4%e2%80%a4/', '%e3%80%82%e3%80%82/', `${utf8AsLatin1('\uff0e\uff0e')}/`, `${utf8AsLatin1('\u2024\u2024')}/`,
  '....//', '..././', '..;/', '.../', '%2e%2e%00/', '..%00/', '..%0d%0a/', '%2e%2e%2f%2f', '//..//', '/./../', '..%c0%af', '..%c1%9c',
  '..%e0%80%af', '.%252e/', '%%32%65%%32%65/', '..%%32%66', '%2e%2e;/', '..%09/', '..%20/', '%2e%2e%u2215',
];

/** Where a climb starts: the root, real folders, API prefixes, doubled slashes. */
const PREFIXES = ['/', '/templates/', '/_astro/', '/.well-known/', '/categories/', '/data/', '/posters/', '/api/v1/templates/', '/api/mcp/', '/api/', '//', '/./', '/%2f', '/templates//'];

/** What a climb aims at: the canaries beside and above the build, the server bundle, the repository, the system. */
const GOALS = [
  CANARY_FILE, `server/${CANARY_FILE}`, `build/${CANARY_FILE}`, `server%2f${CANARY_FILE}`, 'server/entry.mjs', 'package.json', '.env',
  'etc/passwd', 'client/.canary', '.canary', '.git/config', 'proc/self/environ',
];
const SUFFIXES = ['', '', '', '?x=1', '%00.html', '%00', ';.html', '.md', '#frag', '%3f', '/', '%20'];
/** Absolute and scheme-relative spellings that skip climbing altogether. */
const DIRECT = [
  '/etc/passwd', '//etc/passwd', '/%2fetc%2fpasswd', '/%252fetc%252fpasswd', 'file:///etc/passwd', `http://127.0.0.1/../${CANARY_FILE}`,
  '/C:/Windows/win.ini', '/%5c%5c..%5c..%5cserver%5centry.mjs', '/.canary', '/%2ecanary', `/${CANARY_FILE}`, '/server/entry.mjs', '/proc/self/environ',
];

const mixCase = (s: string, flip: () => boolean) => s.replace(/%[0-9a-f]{2}/gi, (m) => (flip() ? m.toUpperCase() : m.toLowerCase()));

/** Climbs out of the served folder, one to eight steps, in mixed spellings, aimed at canaries and real files. */
export const traversal: CaseGenerator = (ctx) => {
  const { rng } = ctx;
  let target: string;
  if (rng.chance(0.08)) target = rng.pick(DIRECT);
  else {
    const steps = rng.between(1, 8);
    const one = rng.pick(UP);
    let climb = '';
    for (let i = 0; i < steps; i++) climb += rng.chance(0.8) ? one : rng.pick(UP);
    target = `${rng.pick(PREFIXES)}${climb}${rng.pick(GOALS)}${rng.pick(SUFFIXES)}`;
    if (rng.chance(0.3)) target = mixCase(target, () => rng.chance(0.5));
  }
  const headers: [string, string][] = [];
  if (rng.chance(0.2)) headers.push(['Accept', 'text/markdown']);
  if (rng.chance(0.2)) headers.push(['Accept-Encoding', 'br, gzip']);
  const method = rng.pick(['GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST']);
  return { kind: 'path traversal', request: { method, target, headers } };
};
