export {};
/**
 * Warm latency of the tail's on-demand answers: `node scripts/bench/tail-latency.ts <base-url> <slug>...`
 * (a running origin or function over a build made with PRERENDER_TEMPLATES, the slugs of tail
 * templates). After a warm-up, each template's page is asked `rounds` times (each answer is
 * rendered: pages are not kept), and each social image once (the first draw; later asks of it
 * come from memory, shown apart). Prints p50/p99 in ms as JSON.
 */
const [base, ...slugs] = process.argv.slice(2);
if (!base || slugs.length === 0) throw new Error('usage: tail-latency.ts <base-url> <slug>...');
const rounds = Number(process.env.ROUNDS ?? 10);

async function time(path: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(base + path, { headers: { 'Accept-Encoding': 'identity' } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return performance.now() - t0;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const summary = (xs: number[]) => ({ n: xs.length, p50: +pct(xs, 50).toFixed(1), p99: +pct(xs, 99).toFixed(1) });

/** The social image a page names (og:image: its content-keyed address), as a path. */
async function imageOf(slug: string): Promise<string> {
  const html = await (await fetch(`${base}/templates/${slug}`)).text();
  return new URL(/<meta property="og:image" content="([^"]+)"/.exec(html)![1]!).pathname;
}
const images = new Map<string, string>();
for (const slug of slugs) images.set(slug, await imageOf(slug)); // warm-up too: JIT, the server entry, the palettes
await time(images.get(slugs[0]!)!);
const page: number[] = [];
for (let r = 0; r < rounds; r++) for (const slug of slugs) page.push(await time(`/templates/${slug}`));
const drawn: number[] = [];
for (const slug of slugs.slice(1)) drawn.push(await time(images.get(slug)!));
const cached: number[] = [];
for (const slug of slugs) cached.push(await time(images.get(slug)!));
const twin: number[] = [];
for (const slug of slugs) twin.push(await time(`/templates/${slug}.md`));
console.log(JSON.stringify({ page: summary(page), socialDrawn: summary(drawn), socialCached: summary(cached), twin: summary(twin) }));
