/** The oracle's tokenizer (src/core/search/tokenize-text.ts at d2cd42b, verbatim): see search-index.ts beside it. */
const SPACE = /[\n\r\p{Z}]+/u;
const PUNCTUATION = /[\p{P}]+/u;
const JOINABLE = /^\p{L}+$/u;

/** Every word of `text` in order, plus the run-together form of each punctuated word. */
export function tokenizeText(text: string): string[] {
  const words: string[] = [];
  for (const chunk of text.toLowerCase().split(SPACE)) {
    const parts = chunk.split(PUNCTUATION).filter(Boolean);
    words.push(...parts);
    if (parts.length > 1 && parts.every((p) => JOINABLE.test(p))) words.push(parts.join(''));
  }
  return words;
}
