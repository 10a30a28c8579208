/** HTML entities as Astro and lol-html write them, decoded (they spell the same text differently). */
const decode = (text: string) =>
  text.replace(/&(quot|#39|#x27|amp|lt|gt);/g, (_, e: string) => ({ quot: '"', '#39': "'", '#x27': "'", amp: '&', lt: '<', gt: '>' })[e]!);

/** The attributes of a start tag, decoded. */
function readAttributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/\s([\w:-]+)(?:="([^"]*)")?/g)) attrs[m[1]!] = decode(m[2] ?? '');
  return attrs;
}

/** Every start tag carrying `marker` (an attribute as written), with its attributes and text up to the next tag. */
function find(html: string, marker: string): { attrs: Record<string, string>; text: string }[] {
  const found = [];
  for (const m of html.matchAll(/<([a-z][\w-]*)((?:\s(?:[^>"]|"[^"]*")*)?)>([^<]*)/g)) {
    if (!` ${m[2]}`.includes(marker)) continue;
    found.push({ attrs: readAttributes(m[2]!), text: decode(m[3]!).trim() });
  }
  return found;
}

/** The text of a piece of markup, its links' targets kept. */
const textOf = (markup = '') => decode(markup.replace(/<a [^>]*href="([^"]*)"[^>]*>/g, '[$1]').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();

const one = (html: string, marker: string) => find(html, marker)[0];
const shown = (x: { attrs: Record<string, string>; text: string } | undefined) => (x && !('hidden' in x.attrs) ? x.text : null);

/**
 * What a person (or a crawler) reads on a /search page without JavaScript: the head's title,
 * robots rule and twin, the heading lines, the form, the filters chosen, the count, the cards,
 * the pager and the messages, the `<template>`s left out. Two answers with equal facts show the
 * same page, however each spelled its markup.
 */
export function readSearchFacts(page: string) {
  const html = page.replace(/<template[\s\S]*?<\/template>/g, '').replace(/ data-astro-cid-\w+/g, '');
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    robots: one(html, 'name="robots"')?.attrs.content ?? null,
    canonical: one(html, 'rel="canonical"')?.attrs.href,
    markdown: one(html, 'rel="alternate" type="text/markdown"')?.attrs.href,
    current: find(html, 'aria-current="page"').map((a) => a.attrs.href),
    h1: decode(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? ''),
    understood: shown(one(html, 'data-role="understood"')) === null ? null : textOf(/data-role="understood"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1]),
    readings: shown(one(html, 'data-role="readings"')) === null ? null : textOf(/data-role="readings"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1]),
    pastEnd: shown(one(html, 'data-role="past-end"')) === null ? null : one(html, 'data-field="past-end-link"')?.attrs.href,
    suggestion: shown(one(html, 'data-search-suggestion')) === null ? null : one(html, 'data-field="suggestion"')?.attrs.href,
    q: one(html, 'data-role="q"')?.attrs.value,
    filters: find(html, 'data-role="hidden-filter"').map((i) => ('disabled' in i.attrs ? '' : i.attrs.value)),
    chips: find(html, 'data-filter-key').filter((c) => c.attrs['aria-current']).map((c) => `${c.attrs['data-filter-key']}=${c.attrs['data-filter-value']}`),
    heading: one(html, 'data-role="heading"')?.text,
    count: one(html, 'data-role="count"')?.text,
    error: shown(one(html, 'data-role="error"')) === null ? null : one(html, 'data-role="error-text"')?.text,
    cards: find(html, 'data-field="link"').map((a) => `${a.attrs.href} ${a.text}`),
    posters: find(html, 'data-field="poster"').map((img) => `${img.attrs.src} ${img.attrs.loading}`),
    pager: ['pager', 'prev', 'next', 'page-label'].map((role) => {
      const el = one(html, `data-role="${role}"`);
      return el && !('hidden' in el.attrs) ? `${el.attrs.href ?? ''} ${el.text}` : null;
    }),
    empty: shown(one(html, 'data-role="empty"')) !== null,
  };
}
