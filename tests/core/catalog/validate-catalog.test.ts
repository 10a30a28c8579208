import { describe, expect, it } from 'vitest';
import { CatalogError, deriveEntries, validateCatalog } from '../../../src/core/catalog/validate-catalog.ts';
import { readCatalogSources } from '../../../src/site/load-site-catalog.ts';

const FIXTURES = 'tests/fixtures/catalog-broken';
const URLS = { siteUrl: 'https://catalog.test', studioUrl: 'https://studio.test', mediaUrl: 'https://media.test' };

/** The problems a broken fixture folder produces, exactly as the build prints them. */
function problemsOf(fixture: string): { problems: string[]; message: string } {
  const { categories, files } = readCatalogSources(`${FIXTURES}/${fixture}`);
  try {
    validateCatalog(categories, files, URLS);
  } catch (err) {
    if (err instanceof CatalogError) return { problems: err.problems, message: err.message };
    throw err;
  }
  throw new Error(`${fixture} was accepted`);
}

describe('validateCatalog', () => {
  it('accepts the real catalog and derives absolute URLs', () => {
    const { categories, files } = readCatalogSources('templates');
    const { entries } = validateCatalog(categories, files, URLS);
    expect(entries.length).toBe(files.length);
    expect(entries[0]!.template.url).toMatch(/^https:\/\/catalog\.test\/templates\/[a-z0-9-]+$/);
  });

  it('takes a file whose digest it knows as validated before, and runs the checks across files on it', () => {
    const { categories, files } = readCatalogSources('templates', new Map());
    const first = validateCatalog(categories, files, URLS);
    expect(first.validated.size).toBe(files.length);
    const [one, two] = files;
    // The same texts under digests it knows are not parsed again: a text it would refuse still passes.
    const known = new Map([...first.validated].map(([digest, data]) => [digest, data]));
    const again = validateCatalog(categories, [{ ...one!, text: 'not json' }, two!], URLS, known);
    expect(again.entries.map((e) => e.data)).toEqual([known.get(one!.digest!), known.get(two!.digest!)]);
    // What holds across files is checked every time: two files claiming one slug.
    expect(() => validateCatalog(categories, [one!, { ...one!, path: 'templates/other.json' }], URLS, known)).toThrow(/already an id or slug/);
  });

  // [fixture, file the message must name, field, rule]
  const cases: [string, string, string, RegExp][] = [
    ['bad-json', 'neon-countdown-launch.json', '', /is not valid JSON .*line 7/],
    ['missing-field', 'neon-countdown-launch.json', 'title', /is required/],
    ['wrong-type', 'neon-countdown-launch.json', 'durationSeconds', /expected number, received string/],
    ['bad-tier', 'neon-countdown-launch.json', 'tier', /must be one of "free", "premium"/],
    ['bad-price', 'webinar-kickoff.json', 'priceCents', /must be 0 for free templates/],
    ['unknown-category', 'neon-countdown-launch.json', 'category', /"music-video" is not listed in .*_categories\.json/],
    ['duplicate-id', 'webinar-kickoff.json', 'id', /"tpl-9001" is already an id or slug of .*neon-countdown-launch\.json/],
    ['duplicate-slug', 'neon-countdown-launch.json', 'slug', /"neon-countdown-launch" is already an id or slug of .*-v2\.json/],
    ['slug-equals-id', 'tpl-9001.json', 'slug', /"tpl-9001" is already an id or slug of .*neon-countdown-launch\.json/],
    ['unknown-key', 'neon-countdown-launch.json', 'colour', /unknown, not allowed here/],
    ['file-name-mismatch', 'neon.json', 'slug', /the file must be named neon-countdown-launch\.json/],
  ];

  it.each(cases)('rejects %s naming the file, the field and the rule', (fixture, file, field, rule) => {
    const { problems, message } = problemsOf(fixture);
    const line = problems.find((p) => p.startsWith(`${FIXTURES}/${fixture}/${file}: `) && rule.test(p));
    expect(line, problems.join('\n')).toBeDefined();
    if (field) expect(line).toContain(`field "${field}"`);
    expect(message).not.toMatch(/ZodError|"code":|\n\s+at /);
  });

  it('reports every problem of a run at once', () => {
    const { problems } = problemsOf('duplicate-slug');
    expect(problems).toHaveLength(2); // the misnamed file and the duplicate slug
  });
});

describe('deriveEntries', () => {
  it('derives from sources and data sent as JSON the entries validateCatalog made', () => {
    const { categories, files } = readCatalogSources('templates');
    const valid = validateCatalog(categories, files, URLS);
    const sent = JSON.parse(JSON.stringify(valid.entries.map((e) => [e.source, e.data])));
    expect(deriveEntries(valid.categories, sent, URLS)).toEqual(valid.entries);
  });
});
