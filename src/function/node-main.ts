import { startService } from '../server/lifecycle/start-service.ts';
import { fetchStaticHalf } from './fetch-static-half.ts';
import { createNoStaticHalf } from './no-static-half.ts';
import { WasmHtmlRewriter } from './wasm-rewriter.ts';

/**
 * `npm run function`: the one pipeline on Node over the data files of DIST_DIR (client/data:
 * catalog.json, its shards and search-index.bin; a function-only instance needs no other
 * file), run by the origin's service: the same listener, probes (/readyz names the build),
 * access log, per-IP buckets (Redis when REDIS_URL is set) and the same switch to each newly
 * published build, in-flight requests finishing on the old one. What differs is the static
 * half: STATIC_ORIGIN's base URL (nginx in front), whose files and Markdown twins the pages
 * fetch; without it, every page and file address answers an explaining 404. The build's server
 * entry, when DIST_DIR holds it, renders /search and /studio as the origin does; else they fill
 * the static half's pages with an HTML rewriter.
 */
function readStaticOrigin(): string | undefined {
  const given = process.env.STATIC_ORIGIN?.trim();
  if (!given) return undefined;
  try {
    return new URL(given).origin;
  } catch {
    process.stderr.write(`Invalid configuration:\n  STATIC_ORIGIN: must be the static half's base URL (http://host:port), got "${given.slice(0, 100)}"\n`);
    process.exit(1);
  }
}

const staticOrigin = readStaticOrigin();
await startService({
  kind: 'function',
  app: { staticHalf: () => (staticOrigin ? fetchStaticHalf(staticOrigin) : createNoStaticHalf('')), rewriter: WasmHtmlRewriter },
  describe: {
    serves: 'the REST API, MCP, /search, /search.md and /studio (compressed by Accept-Encoding)',
    pages: staticOrigin
      ? `pages, Markdown twins and files through STATIC_ORIGIN ${staticOrigin}`
      : 'none: every page and file address answers an explaining 404 (no-store); set STATIC_ORIGIN to the static host to serve them through it',
  },
});
