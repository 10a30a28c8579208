import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestText } from '../../src/core/catalog/digest-template.ts';
import { planPurge } from '../../src/core/cdn/purge-plan.ts';
import { selectPathTags } from '../../src/contracts/routes/route-tags.ts';
import { locateBuildsDir, resolveBuild } from '../../src/publish/build-layout.ts';
import { readManifestContents } from '../../src/publish/describe-build.ts';
import { locateReuseCache, writeReuseCache } from '../../src/publish/reuse-cache.ts';
import { locateStaging } from '../../src/publish/staging.ts';
import { listFiles, scanClientFiles } from '../../src/publish/scan-files.ts';
import { changeListSchema, type ChangeList } from '../../src/schemas/change-list.ts';

/**
 * A publish that reuses the previous build must equal a clean full build of the same catalog
 * and configuration, byte for byte, after every kind of change. The project is copied (its
 * node_modules linked) so that a step may change a page component without touching the
 * checkout other tests build from.
 */
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'incremental-'));
const project = join(scratch, 'project');
const catalog = join(scratch, 'catalog');
const dist = join(scratch, 'served', 'dist');
const PICK = ['retro-vhs-launch', 'neon-countdown-launch', 'black-friday-countdown', 'summer-sale-splash', 'were-hiring-bold-type', 'meet-the-team-hiring-reel', 'quote-card-testimonial'];
let env: Record<string, string | undefined>;
let step = 0;

beforeAll(() => {
  mkdirSync(project);
  for (const entry of ['src', 'public', 'scripts', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json']) cpSync(entry, join(project, entry), { recursive: true });
  symlinkSync(resolve('node_modules'), join(project, 'node_modules'));
  mkdirSync(catalog);
  for (const name of ['_categories.json', '_synonyms.json', ...PICK.map((p) => `${p}.json`)]) cpSync(join('templates', name), join(catalog, name));
  env = { ...process.env, CATALOG_DIR: catalog, SITE_URL: 'http://localhost:4321', STUDIO_URL: 'https://studio.example.com', LOG_LEVEL: 'warn' };
});
// Each publish starts a process that stages the next build beside it (after-publish.ts); one may
// still be writing there, so the removal retries rather than fail on a folder it just refilled.
afterAll(() => rmSync(scratch, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 }));

/** Runs `npm run build` in the project copy into `distDir`; returns its output and the change list. */
async function publish(distDir: string, extra: Record<string, string> = {}): Promise<{ stdout: string; changes: ChangeList }> {
  const { stdout } = await run(process.execPath, ['scripts/build.ts'], { cwd: project, env: { ...env, ...extra, DIST_DIR: distDir } });
  const changes = changeListSchema.parse(JSON.parse(readFileSync(join(resolveBuild(distDir).dir, 'changes.json'), 'utf8')));
  return { stdout, changes };
}

/** Every file of a build's client folder by content hash, and its manifest (the head without the lines naming the build). */
function fingerprint(distDir: string): { files: Map<string, string>; manifest: string } {
  const dir = resolveBuild(distDir).dir;
  const client = join(dir, 'client');
  const files = new Map(listFiles(client).map((f) => [f, digestText(readFileSync(join(client, f)))]));
  const parts = listFiles(join(dir, 'manifest')).sort().map((name) => {
    const text = readFileSync(join(dir, 'manifest', name), 'utf8');
    return name === 'head.tsv' ? text.split('\n').slice(1, -2).join('\n') : text;
  });
  return { files, manifest: parts.join('\n--\n') };
}

/** Files that differ between two builds (missing on either side or other bytes). */
function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((n) => a.get(n) !== b.get(n)).sort();
}

/** Waits until the process started after the last publish has staged the next build (staging.ts). */
async function waitForStaging(served = dist): Promise<void> {
  const ready = join(locateStaging(locateBuildsDir(served), resolveBuild(served).id), 'ready');
  for (const deadline = Date.now() + 60_000; !existsSync(ready); ) {
    if (Date.now() > deadline) throw new Error(`${ready} did not appear`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Publishes incrementally into the served dist and cleanly into a fresh one (at once), and compares. */
async function publishAndCompare(extra: Record<string, string> = {}, dist = join(scratch, 'served', 'dist')): Promise<ChangeList> {
  if (existsSync(dist)) await waitForStaging(dist);
  step++;
  const settings = { SOURCE_DATE_EPOCH: String(1_700_000_000 + step * 86_400), ...extra }; // the build time moves each step
  const [served, clean] = await Promise.all([publish(dist, settings), publish(join(scratch, `clean-${step}`, 'dist'), settings)]);
  expect(clean.changes.mode).toBe('full');
  if (served.changes.mode === 'incremental') expect(served.stdout).toContain('incremental (staged)');
  const a = fingerprint(dist);
  const b = fingerprint(join(scratch, `clean-${step}`, 'dist'));
  expect(differences(a.files, b.files)).toEqual([]);
  expect(a.manifest).toBe(b.manifest);
  // Astro lists client/ into the server bundle's static files: neither build may list the keyed outputs there.
  for (const built of [dist, join(scratch, `clean-${step}`, 'dist')]) {
    const server = join(resolveBuild(built).dir, 'server');
    expect(listFiles(server).filter((f) => readFileSync(join(server, f), 'utf8').includes('posters/neon-countdown-launch.svg'))).toEqual([]);
  }
  rmSync(join(scratch, `clean-${step}`), { recursive: true, force: true });
  return served.changes;
}

const editJson = (file: string, change: (data: Record<string, unknown>) => unknown) =>
  writeFileSync(file, JSON.stringify(change(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>), null, 2));

describe('an incremental publish', () => {
  it('equals a clean full build after each kind of change, and reports what changed', async () => {
    // Nothing to reuse yet: a full build, which every step below compares with a clean one.
    step++;
    expect((await publish(dist, { SOURCE_DATE_EPOCH: String(1_700_000_000 + step * 86_400) })).changes.mode).toBe('full');
    expect(locateReuseCache(locateBuildsDir(dist), catalog).startsWith(`${locateBuildsDir(dist)}/`)).toBe(true);

    editJson(join(catalog, 'retro-vhs-launch.json'), (t) => ({ ...t, title: 'Retro VHS Launch Remastered' }));
    let changes = await publishAndCompare();
    expect(changes.mode).toBe('incremental');
    expect(changes.templates).toEqual({ changed: ['tpl-1008'], added: [], removed: [] });
    expect(changes.paths.changed).toEqual(expect.arrayContaining(['/templates/retro-vhs-launch', '/templates/retro-vhs-launch.md', '/api/v1/templates/tpl-1008', '/posters/retro-vhs-launch.svg', '/posters/retro-vhs-launch.motion.svg']));
    // The social image moves to the address of its new hash (the page names it) and the old one
    // goes: no image is ever rewritten in place, so none is purged. The others are taken from the previous build.
    const social = (paths: string[]) => paths.filter((p) => p.endsWith('.png'));
    expect(social(changes.paths.changed)).toEqual([]);
    expect(social(changes.paths.added)).toEqual([expect.stringMatching(/^\/social\/retro-vhs-launch\.[0-9a-f]{12}\.png$/)]);
    expect(social(changes.paths.removed)).toEqual([expect.stringMatching(/^\/social\/retro-vhs-launch\.[0-9a-f]{12}\.png$/)]);
    expect(social(changes.paths.added)).not.toEqual(social(changes.paths.removed));
    expect(social(changes.paths.added).flatMap((p) => selectPathTags(p, () => 'tpl-1008'))).toEqual([]);

    // Added past one page of the home's list, /newest/2 appears; removed back under it, the page
    // goes, as in a clean build (one publish adds, the next removes: each kind stays alone).
    const added = JSON.parse(readFileSync('templates/liquid-logo-sting.json', 'utf8')) as { id: string; slug: string };
    cpSync('templates/liquid-logo-sting.json', join(catalog, 'liquid-logo-sting.json'));
    const more = readdirSync('templates').filter((f) => !f.startsWith('_') && !existsSync(join(catalog, f))).slice(0, 18);
    for (const f of more) cpSync(join('templates', f), join(catalog, f));
    const moreIds = more.map((f) => (JSON.parse(readFileSync(join('templates', f), 'utf8')) as { id: string }).id);
    changes = await publishAndCompare();
    expect(changes.mode).toBe('incremental');
    expect([...changes.templates.added].sort()).toEqual([added.id, ...moreIds].sort());
    expect(changes.paths.added).toEqual(expect.arrayContaining([`/templates/${added.slug}`, `/api/v1/templates/${added.id}`, '/newest/2', '/newest/2.md']));

    rmSync(join(catalog, 'summer-sale-splash.json'));
    for (const f of more) rmSync(join(catalog, f));
    changes = await publishAndCompare();
    expect(changes.mode).toBe('incremental');
    expect(changes.paths.removed).toEqual(expect.arrayContaining(['/templates/summer-sale-splash', '/templates/summer-sale-splash.md', '/api/v1/templates/summer-sale-splash', '/newest/2', '/newest/2.md']));

    editJson(join(catalog, '_categories.json'), (cats) => (cats as unknown as { id: string; label: string }[]).map((c) => (c.id === 'hiring' ? { ...c, label: 'Careers & hiring' } : c)));
    changes = await publishAndCompare();
    expect(changes.mode).toBe('incremental');
    expect(changes.paths.changed).toEqual(expect.arrayContaining(['/templates/were-hiring-bold-type', '/categories/hiring']));

    editJson(join(catalog, '_synonyms.json'), (s) => ({ ...s, groups: [...(s.groups as string[][]), ['flashback', 'retro']] }));
    changes = await publishAndCompare();
    expect(changes.mode).toBe('incremental');
    expect(changes.paths.changed).toContain('/data/search-index.bin');

    changes = await publishAndCompare({ STUDIO_URL: 'https://studio.example.org' });
    expect(changes.mode).toBe('full');
    expect(changes.paths.changed).toContain('/api/v1/templates/tpl-1008');

    const detail = join(project, 'src', 'components', 'template', 'TemplateDetail.astro');
    writeFileSync(detail, readFileSync(detail, 'utf8').replace('<TemplateFacts template={t} />', '<TemplateFacts template={t} /><p class="muted">Made with care.</p>'));
    changes = await publishAndCompare({ STUDIO_URL: 'https://studio.example.org' });
    expect(changes.mode).toBe('full');
    expect(changes.paths.changed).toContain('/templates/retro-vhs-launch');

    editJson(join(catalog, 'quote-card-testimonial.json'), (t) => ({ ...t, durationSeconds: 12 }));
    expect((await publishAndCompare({ STUDIO_URL: 'https://studio.example.org' })).mode).toBe('incremental');

    // No publish wrote through a link: every earlier build still holds exactly what its manifest says.
    const builds = readdirSync(locateBuildsDir(dist)).filter((n) => /^\d{8}T/.test(n));
    expect(builds.length).toBeGreaterThanOrEqual(3);
    for (const name of builds) {
      const dir = join(locateBuildsDir(dist), name);
      const scanned = scanClientFiles(join(dir, 'client'));
      expect(scanned, name).toEqual(readManifestContents(dir).files);
    }
  }, 1_800_000);

  it('links from the previous build when the staged tree was changed, and builds in full when a file to reuse is gone', async () => {
    const settings = { STUDIO_URL: 'https://studio.example.org', SOURCE_DATE_EPOCH: String(1_700_000_000 + step * 86_400) };
    const poster = (dir: string) => join(dir, 'client', 'posters', 'neon-countdown-launch.svg');
    await waitForStaging();
    rmSync(poster(locateStaging(locateBuildsDir(dist), resolveBuild(dist).id)));
    editJson(join(catalog, 'quote-card-testimonial.json'), (t) => ({ ...t, durationSeconds: 14 }));
    let result = await publish(dist, settings);
    expect(result.stdout).toMatch(/staging: the staged build was changed after it was made \(posters\); linking from the previous build instead/);
    expect(result.changes.mode).toBe('incremental');
    // Only the edited template's social image moves (its poster shows the duration): nothing else goes.
    expect(result.changes.paths.removed).toEqual([expect.stringMatching(/^\/social\/quote-card-testimonial\.[0-9a-f]{12}\.png$/)]);
    expect(readFileSync(poster(resolveBuild(dist).dir), 'utf8')).toMatch(/^<svg/);

    await waitForStaging();
    rmSync(join(locateBuildsDir(dist), '.staging'), { recursive: true }); // no staged links: the publish links itself
    rmSync(poster(resolveBuild(dist).dir));
    editJson(join(catalog, 'quote-card-testimonial.json'), (t) => ({ ...t, durationSeconds: 16 }));
    result = await publish(dist, settings);
    expect(result.stdout).toMatch(/could not be reused .*ENOENT.*; building in full instead/);
    expect(result.changes.mode).toBe('full');
    expect(readFileSync(poster(resolveBuild(dist).dir), 'utf8')).toMatch(/^<svg/);
  }, 300_000);

  it('rebuilds a foreign cache in full, saying so in one line', async () => {
    // A damaged (truncated) cache takes the same path to the same line: tests/publish/plan-publish.test.ts.
    const cacheFile = locateReuseCache(locateBuildsDir(dist), catalog);
    // The builds folder copied from elsewhere: a whole cache, but of another builds folder.
    writeReuseCache({ catalogDir: catalog, buildsDir: join(scratch, 'elsewhere.builds'), build: resolveBuild(dist).id, inputs: { code: 'x', config: {} } });
    cpSync(locateReuseCache(join(scratch, 'elsewhere.builds'), catalog), cacheFile);
    const result = await publish(dist, { STUDIO_URL: 'https://studio.example.org', SOURCE_DATE_EPOCH: String(1_700_000_000 + step * 86_400) });
    expect(result.changes.mode).toBe('full');
    expect(result.stdout.split('\n').filter((l) => l.startsWith('reuse cache:'))).toEqual([expect.stringMatching(/another catalog or builds folder.*rebuilding it with a full build/)]);
    expect(result.changes.paths).toEqual({ changed: [], added: [], removed: [] }); // the same catalog, built anew
    expect(readdirSync(join(locateBuildsDir(dist), '.cache')).filter((n) => n.endsWith('.tsv') && !/\.(validated|related)\.tsv$/.test(n))).toHaveLength(1); // one reuse cache
  }, 300_000);
});

describe('an incremental publish with PRERENDER_TEMPLATES', () => {
  it('equals a clean full build while templates move between head and tail, and lists a tail edit for the purge', async () => {
    const served = join(scratch, 'served-head', 'dist');
    const own = join(scratch, 'catalog-head');
    mkdirSync(own);
    for (const name of ['_categories.json', '_synonyms.json', ...PICK.map((p) => `${p}.json`)]) cpSync(join('templates', name), join(own, name));
    const head = { PRERENDER_TEMPLATES: '3', CATALOG_DIR: own };
    const client = () => join(resolveBuild(served).dir, 'client');
    // Newest first: quote-card-testimonial, neon-countdown-launch, black-friday-countdown, were-hiring-bold-type, ...
    // The first publish only lays the ground: a full build equals a clean one already above, and
    // each incremental publish below is compared with a clean build of its own.
    step++;
    await publish(served, { SOURCE_DATE_EPOCH: String(1_700_000_000 + step * 86_400), ...head });
    expect(existsSync(join(client(), 'templates', 'black-friday-countdown.html'))).toBe(true);
    expect(existsSync(join(client(), 'templates', 'retro-vhs-launch.html'))).toBe(false);
    expect(readdirSync(join(client(), 'social')).filter((n) => n.startsWith('retro-vhs-launch.'))).toEqual([]);
    // Every list still covers the tail: the sitemap, llms-full.txt and the shards name it.
    expect(readFileSync(join(client(), 'sitemap.xml'), 'utf8')).toContain('/templates/retro-vhs-launch');
    expect(readFileSync(join(client(), 'llms-full.txt'), 'utf8')).toContain('retro-vhs-launch');
    const shards = readdirSync(join(client(), 'data', 'catalog')).filter((n) => n.endsWith('.json'));
    expect(shards.some((n) => readFileSync(join(client(), 'data', 'catalog', n), 'utf8').includes('"slug":"retro-vhs-launch"'))).toBe(true);

    // A tail template edited: no file changes, the template is listed, so its tag is purged.
    editJson(join(own, 'retro-vhs-launch.json'), (t) => ({ ...t, title: 'Retro VHS Launch Reloaded' }));
    let changes = await publishAndCompare(head, served);
    expect(changes.mode).toBe('incremental');
    expect(changes.templates.changed).toEqual(['tpl-1008']);
    expect([...changes.paths.changed, ...changes.paths.added].filter((p) => p.includes('retro-vhs-launch'))).toEqual([]);
    expect(planPurge([changes], [() => undefined], selectPathTags).tags).toContain('template:tpl-1008');

    // The newest template dated back: it leaves the head (its files go), the fourth newest enters it.
    editJson(join(own, 'quote-card-testimonial.json'), (t) => ({ ...t, publishedAt: '2020-01-01T00:00:00Z' }));
    changes = await publishAndCompare(head, served);
    expect(changes.mode).toBe('incremental');
    expect(changes.paths.removed).toEqual(expect.arrayContaining(['/templates/quote-card-testimonial', expect.stringMatching(/^\/social\/quote-card-testimonial\.[0-9a-f]{12}\.png$/)]));
    expect(changes.paths.added).toEqual(expect.arrayContaining(['/templates/were-hiring-bold-type', expect.stringMatching(/^\/social\/were-hiring-bold-type\.[0-9a-f]{12}\.png$/)]));
    expect(planPurge([changes], [() => undefined], selectPathTags).tags).toEqual(expect.arrayContaining(['template:tpl-1046']));
  }, 1_200_000);
});
