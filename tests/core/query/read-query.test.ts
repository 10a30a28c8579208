import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/core/api-error.ts';
import { listDocsEndpoints } from '../../../src/core/markdown/docs-content.ts';
import { describeRule } from '../../../src/core/query/describe-rule.ts';
import { API_QUERY, readQuery, toQueryKey } from '../../../src/core/query/read-query.ts';
import { listQuerySchema, searchPageQuerySchema, studioLinkQuerySchema } from '../../../src/schemas/queries.ts';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'invalid_parameter') return err.message;
    throw err;
  }
  throw new Error('accepted');
}

describe('readQuery', () => {
  it('reads the schema\'s parameters, converts its number fields, trims, and ignores unknown ones by default (pages)', () => {
    expect(readQuery(listQuerySchema, '?q=%20neon%20&limit=5&offset=10&utm_source=x&tier=')).toEqual({ q: 'neon', limit: 5, offset: 10 });
  });

  it('refuses an unknown parameter for the API, naming it and the accepted ones', () => {
    expect(refusal(() => readQuery(listQuerySchema, '?tier=free&utm_source=x', API_QUERY))).toBe(
      `parameter "utm_source": is not a parameter of this endpoint; it takes ${Object.keys(listQuerySchema.shape).join(', ')}.`,
    );
  });

  it.each([
    ['catgory', 'category'],
    ['Tier', 'tier'],
    ['formats', 'format'],
    ['ofset', 'offset'],
  ])('offers the accepted name closest to %s', (typo, meant) => {
    expect(refusal(() => readQuery(listQuerySchema, `?${typo}=x`, API_QUERY))).toContain(`(did you mean "${meant}"?)`);
  });

  it('offers no name when none is close', () => {
    expect(refusal(() => readQuery(studioLinkQuerySchema, '?template=a&brand=x', API_QUERY))).not.toContain('did you mean');
  });

  it('accepts every parameter of the schema for the API', () => {
    expect(readQuery(studioLinkQuerySchema, '?template=a&site=acme.com&format=9:16', API_QUERY)).toEqual({ template: 'a', site: 'acme.com', format: '9:16' });
  });

  it.each([listQuerySchema, searchPageQuerySchema])('refuses a parameter given twice, whatever the schema', (schema) => {
    expect(refusal(() => readQuery(schema, '?q=a&q=b'))).toBe('parameter "q": was given 2 times; give it once.');
  });

  it('refuses with the schema\'s own rule, the offset bound included', () => {
    expect(refusal(() => readQuery(listQuerySchema, '?offset=10000001'))).toBe('parameter "offset": must be at most 10000000');
    expect(refusal(() => readQuery(listQuerySchema, '?limit=ten'))).toMatch(/parameter "limit": must be a whole number/);
    expect(refusal(() => readQuery(searchPageQuerySchema, '?page=0'))).toBe('parameter "page": must be at least 1');
  });
});

describe('toQueryKey', () => {
  it('gives one key per meaning over the schema\'s parameters', () => {
    const fold = { q: (q: string) => q.toLowerCase() };
    const a = toQueryKey(listQuerySchema, readQuery(listQuerySchema, '?tier=free&q=Neon&x=1'), fold);
    const b = toQueryKey(listQuerySchema, readQuery(listQuerySchema, '?q=neon&tier=free'), fold);
    expect(a).toBe(b);
    expect(a).not.toBe(toQueryKey(listQuerySchema, readQuery(listQuerySchema, '?q=neon&tier=free&limit=1'), fold));
  });
});

describe('describeRule', () => {
  it('words each rule from the schema that checks it', () => {
    const rules = Object.fromEntries(Object.entries(listQuerySchema.shape).map(([n, f]) => [n, describeRule(f)]));
    expect(Object.keys(rules)).toEqual(Object.keys(listQuerySchema.shape));
    expect(rules).toMatchObject({
      q: 'at most 200 characters',
      category: 'lowercase letters, digits and hyphens; at most 64 characters',
      tier: 'free or premium',
      format: '16:9 or 9:16',
      limit: '1 to 100',
      offset: '0 to 10000000',
    });
    expect(describeRule(studioLinkQuerySchema.shape.template)).toBe('required; letters, digits, "_" and "-"; at most 128 characters');
  });

  it('is what the /docs tables show', () => {
    const list = listDocsEndpoints('https://x.example', 'slug').find((e) => e.path === '/api/v1/templates')!;
    expect(list.params.map((p) => [p.name, p.rule])).toEqual(Object.entries(listQuerySchema.shape).map(([n, f]) => [n, describeRule(f)]));
  });
});
