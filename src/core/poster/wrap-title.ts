/**
 * Advance widths in em, close to DejaVu Sans Bold: the widest common fallback for
 * system-ui, so a title that fits here fits in San Francisco, Segoe UI or Roboto too.
 */
const NARROW = /[ijlI.,:;'!|]/;
const SEMI = /[frtJ\- ()]/;
const WIDE = /[mwMW@%&]/;

function charWidth(ch: string): number {
  if (NARROW.test(ch)) return 0.36;
  if (SEMI.test(ch)) return 0.5;
  if (WIDE.test(ch)) return 1.0;
  if (/[A-Z]/.test(ch)) return 0.8;
  return 0.7; // lowercase letters, digits and anything else
}

/** Estimated width of `text` at `fontSize` (SVG cannot measure text before it is drawn). */
export function estimateWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += charWidth(ch);
  return em * fontSize;
}

/** Splits a word wider than a line into hyphenated pieces that fit. */
function splitWord(word: string, width: number, fontSize: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && estimateWidth(`${piece}${ch}-`, fontSize) > width) {
      pieces.push(`${piece}-`);
      piece = '';
    }
    piece += ch;
  }
  return [...pieces, piece];
}

/**
 * Breaks a title into at most `maxLines` lines that fit `width` at `fontSize`. Words wider
 * than a line are cut with a hyphen; overflow ends the last line with "…".
 */
export function wrapTitle(title: string, width: number, fontSize: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const pieces = estimateWidth(word, fontSize) > width ? splitWord(word, width, fontSize) : [word];
    for (const piece of pieces) {
      const joined = line ? `${line} ${piece}` : piece;
      if (!line || estimateWidth(joined, fontSize) <= width) line = joined;
      else {
        lines.push(line);
        line = piece;
      }
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  let last = lines[maxLines - 1]!;
  while (last.length > 1 && estimateWidth(`${last}…`, fontSize) > width) last = last.slice(0, -1).trimEnd();
  return [...lines.slice(0, maxLines - 1), `${last}…`];
}

/** The largest font size (from `sizes`, biggest first) that fits the whole title in `maxLines`. */
export function fitTitle(title: string, width: number, sizes: readonly number[], maxLines: number): { size: number; lines: string[] } {
  for (const size of sizes) {
    const lines = wrapTitle(title, width, size, maxLines);
    if (!lines.at(-1)!.endsWith('…') && !lines.some((l) => l.endsWith('-'))) return { size, lines };
  }
  const size = sizes.at(-1)!;
  return { size, lines: wrapTitle(title, width, size, maxLines) };
}
