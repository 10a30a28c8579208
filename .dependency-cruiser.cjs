/**
 * The layer rules of the house, checked in `npm test` (tests/layers.test.ts) and by
 * `npm run layers`. Imports go one way: schemas → core → contracts → http (the runtime-neutral
 * HTTP rules) → the origin server, the function, the Astro site and the publish side; scripts
 * and tests sit on top and nothing imports them.
 */
const layer = (name, path, mayImport, alsoFiles = []) => ({ name, path, mayImport, alsoFiles });

/** Each layer and the layers (besides itself and npm packages) it may import. */
const LAYERS = [
  layer('schemas', '^src/schemas/', []),
  layer('core', '^src/core/', ['schemas']),
  layer('config', '^src/config/', ['schemas', 'core']),
  layer('contracts', '^src/contracts/', ['schemas', 'core']),
  layer('site-data', '^src/site/', ['schemas', 'core', 'config']),
  layer('publish', '^src/publish/', ['schemas', 'core', 'config', 'contracts']),
  layer('http', '^src/http/', ['schemas', 'core', 'contracts']),
  // The origin is a Node adapter in front of the one pipeline (src/function/create-fetch-handler.ts).
  layer('server', '^src/server/', ['schemas', 'core', 'config', 'contracts', 'publish', 'http', 'function']),
  // The function runs the MCP server the origin runs (its factory imports only the SDK and the
  // layers below) and the /search.md endpoint the Astro build runs, rather than copies of them.
  layer('function', '^src/function/', ['schemas', 'core', 'config', 'contracts', 'http'], [
    '^src/server/mcp/(create-mcp-server|catalog-server)\\.ts$',
    '^src/pages/search\\.md\\.ts$',
    // On workerd it fills /search and answers /studio with the pages' own plans (pure), not copies.
    '^src/components/catalog/(plan-search-page|plan-search-view|render-view-html|plan-card|filter-chips|catalog-state)\\.ts$',
    '^src/components/studio/read-studio-request\\.ts$',
    // The Node function reads the client address as the origin does (trusted proxies) and
    // counts its limits in the origin's buckets (Redis shared when REDIS_URL is set).
    '^src/server/http/(client-ip|rate-limit|redis-client|compress)\\.ts$',
    // `npm run function` is the origin's service in its function mode (one Node entry, two modes).
    '^src/server/lifecycle/start-service\\.ts$',
    // On Node it draws the tail's social images with the build's renderer, as the origin does.
    '^src/server/pages/draw-social-image\\.ts$',
  ]),
  layer('astro', '^src/(pages|components|layouts|integrations)/|^src/env\\.d\\.ts$', ['schemas', 'core', 'config', 'contracts', 'site-data', 'publish', 'astro']),
];

const others = (l) => LAYERS.filter((o) => o.name !== l.name && !l.mayImport.includes(o.name)).map((o) => o.path);

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A loop of imports: one of the files belongs a layer lower, or a piece belongs in a file of its own.',
      from: { path: '^(src|scripts)/' },
      to: { circular: true },
    },
    ...LAYERS.map((l) => ({
      name: `layer-${l.name}`,
      severity: 'error',
      comment: `${l.name} may import only ${l.mayImport.join(', ') || 'zod and itself'}: an import against the layers.`,
      from: { path: l.path },
      to: { path: others(l).join('|'), ...(l.alsoFiles.length ? { pathNot: l.alsoFiles.join('|') } : {}) },
    })),
    {
      name: 'src-above-scripts-and-tests',
      severity: 'error',
      comment: 'The product never imports the bench, the scripts or the tests.',
      from: { path: '^src/' },
      to: { path: '^(scripts|tests)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.mjs', '.js', '.astro', '.json'] },
  },
};
