/** The most characters of what a client sent that an error message quotes back. */
export const QUOTE_LIMIT = 100;

/**
 * `value` as an error message shows it: whole up to QUOTE_LIMIT characters, else its first
 * QUOTE_LIMIT and an ellipsis. An error must never grow with its input (a 900 KB URI once
 * came back as a 1.8 MB error), yet show enough to find the mistake.
 */
export function clipInput(value: unknown): string {
  const text = String(value);
  if (text.length <= QUOTE_LIMIT) return text;
  // Cut before a lone high surrogate so the text stays valid UTF-16.
  const end = /[\uD800-\uDBFF]/.test(text[QUOTE_LIMIT - 1]!) ? QUOTE_LIMIT - 1 : QUOTE_LIMIT;
  return `${text.slice(0, end)}…`;
}

/** `value` quoted for an error message (clipInput's rule), with its length when it was cut. */
export function quoteInput(value: unknown): string {
  const text = String(value);
  const shown = clipInput(text);
  return shown.length === text.length ? JSON.stringify(text) : `${JSON.stringify(shown)} (${text.length} characters)`;
}
