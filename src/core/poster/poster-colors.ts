/** Relative luminance of a `#rrggbb` colour (WCAG 2 formula). */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio between two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes two colours; `t` = 0 gives `a`, 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  let out = '#';
  for (const i of [1, 3, 5]) {
    const x = Number.parseInt(a.slice(i, i + 2), 16);
    const y = Number.parseInt(b.slice(i, i + 2), 16);
    out += Math.round(x + (y - x) * t).toString(16).padStart(2, '0');
  }
  return out;
}

/** The roles a poster paints with. */
export interface PosterColors {
  background: string;
  /** Gradient end, a shade of the background toward the accent. */
  glow: string;
  accent: string;
  second: string;
  /** Text colour: readable on the background (contrast at least 4.5). */
  ink: string;
}

const best = (colors: readonly string[], against: string) =>
  [...colors].sort((x, y) => contrast(y, against) - contrast(x, against))[0]!;

/**
 * Assigns roles from a catalog palette (first colour = background, by convention). Text
 * falls back to near-white or near-black when no palette colour reads on the background,
 * so random palettes still give legible posters.
 */
export function assignPosterColors(palette: readonly string[]): PosterColors {
  const background = (palette[0] ?? '#111827').toLowerCase();
  const others = palette.slice(1).map((c) => c.toLowerCase());
  const vivid = others.filter((c) => contrast(c, background) >= 1.6);
  const accent = vivid[0] ?? best([...others, '#ffffff', '#0b0b0f'], background);
  const second = vivid.find((c) => c !== accent) ?? mix(accent, background, 0.45);
  // Prefer the palette's own text colour; else white or near-black; pure black always reaches 4.5.
  const ink = [best(others, background), best(['#ffffff', '#0b0b0f'], background), best(['#ffffff', '#000000'], background)].find(
    (c) => c !== undefined && contrast(c, background) >= 4.5,
  )!;
  return { background, glow: mix(background, accent, 0.28), accent, second, ink };
}
