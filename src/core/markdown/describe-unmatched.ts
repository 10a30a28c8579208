import type { TemplateList } from '../../schemas/responses.ts';

const listWords = (words: readonly string[]) => (words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);
const andWords = (words: readonly string[]) => (words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/**
 * What a search did not find, in words, said before the templates: "No template mentions
 * halloween; showing templates about sale." The words a shown template matched literally name
 * what is shown; when only meaning reached them, "related templates by meaning"; when nothing
 * matched, the line ends at the words. '' when every word was found. Plain text: each surface
 * escapes it its own way.
 */
export function describeUnmatched(list: Pick<TemplateList, 'unmatched' | 'templates'>): string {
  const missing = list.unmatched ?? [];
  if (!missing.length) return '';
  const found = new Set<string>();
  let meant = false;
  for (const t of list.templates) {
    for (const m of t.matched ?? []) {
      if (m.how === 'meaning') meant = true;
      else if (m.how !== 'filter' && !missing.includes(m.word)) found.add(m.word);
    }
  }
  const head = `No template mentions ${listWords(missing)}`;
  if (found.size) return `${head}; showing templates about ${andWords([...found])}.`;
  if (meant) return `${head}; showing templates related by meaning.`;
  return `${head}.`;
}

/** The order asked for in words, when it decided the order: "Sorted by price, free first (from "cheap")." '' otherwise. */
export function describeSortWords(list: Pick<TemplateList, 'understood'>): string {
  const sort = list.understood?.sort;
  if (!sort) return '';
  if (sort.use === 'overridden') return `"${sort.text}" was not used to sort: sort was given.`;
  const order = { price: 'price, free first', duration: 'duration, shortest first', newest: 'newest first', relevance: 'relevance' }[sort.value];
  return `Sorted by ${order} (from "${sort.text}").`;
}
