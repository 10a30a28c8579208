/**
 * `npm run build [-- --full]`: publishes the catalog (scripts/lib/build-command.ts). Node keeps
 * the code it compiled (our type-stripped .ts files, Astro's and Vite's modules) in its compile
 * cache beside the builds, where each publish trims it (src/publish/compile-cache.ts): a
 * 10,000-template edit publish, 8.7 → 8.2 s (means of three alternating runs, the cache off and
 * on; importing the publish's own modules 526 → 243 ms). It has to be on before those modules
 * load, hence the dynamic import. The prerender bundle now imports packages from node_modules,
 * so the per-build code it adds is small (~1 MB a publish, against 1.7 GB a day when it
 * bundled every package).
 */
import { enableCompileCache } from 'node:module';
import { locateCompileCache } from '../src/publish/compile-cache.ts';

// NODE_COMPILE_CACHE, when set, names another folder (or NODE_DISABLE_COMPILE_CACHE none).
enableCompileCache(process.env.NODE_COMPILE_CACHE ? undefined : locateCompileCache(process.env.DIST_DIR || 'dist'));
await import('./lib/build-command.ts');
