import { formatClock } from '../markdown/format-facts.ts';
import { assignPosterColors, type PosterColors } from './poster-colors.ts';
import { fitTitle } from './wrap-title.ts';

/** What a poster shows. `brand` marks an example poster ("Made for …"). */
export interface PosterInput {
  title: string;
  categoryLabel: string;
  durationSeconds: number;
  /** Formats shown as badges (an example poster passes its own single format). */
  formats: readonly string[];
  palette: readonly string[];
  brand?: string;
  /** Varies the layout between posters of similar templates (use the slug). */
  seed: string;
}

const W = 640;
const H = 360;
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** Escapes text for SVG content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hashSeed(seed: string): number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** Screen outlines in the template's formats, with a play mark: says "video" at a glance. */
function drawFrames(formats: readonly string[], c: PosterColors): string {
  const wide = formats.includes('16:9') || !formats.includes('9:16');
  const tall = formats.includes('9:16');
  const screen = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${c.background}" fill-opacity=".9" stroke="${c.ink}" stroke-width="3"/>`;
  const play = (cx: number, cy: number) => `<path d="M${cx - 11} ${cy - 15}v30l25-15z" fill="${c.accent}"/>`;
  let out = '';
  if (wide) out += screen(408, 112, 176, 99) + (tall ? '' : play(496, 162));
  if (tall) out += screen(wide ? 540 : 462, wide ? 150 : 92, 70, 124) + play(wide ? 575 : 497, wide ? 212 : 154);
  return out;
}

function drawBadges(labels: readonly string[], c: PosterColors): string {
  let x = 40;
  let out = '';
  for (const label of labels) {
    const w = Math.round(label.length * 8.6 + 28);
    out += `<rect x="${x}" y="284" width="${w}" height="28" rx="14" fill="${c.ink}" fill-opacity=".14"/><text x="${x + w / 2}" y="303" text-anchor="middle" font-size="14" font-weight="700">${escapeXml(label)}</text>`;
    x += w + 8;
  }
  return out;
}

/**
 * A 16:9 SVG poster painted from the template's palette: category, title, duration and
 * format badges, screen outlines and a scrubber bar. Pure and deterministic; about 2 KB.
 */
export function renderPoster(input: PosterInput): string {
  const c = assignPosterColors(input.palette);
  const h = hashSeed(input.seed);
  const cy = h % 2 ? 70 : 290;
  const progress = 40 + Math.round((0.25 + ((h >>> 8) % 45) / 100) * 560);
  const { size, lines } = fitTitle(input.title, 340, [40, 34, 28], 3);
  const lineHeight = Math.round(size * 1.12);
  const title = lines
    .map((l, i) => `<tspan x="40" y="${Math.round(100 + size * 0.9) + i * lineHeight}">${escapeXml(l)}</tspan>`)
    .join('');
  const brand = input.brand
    ? `<text x="40" y="268" font-size="16" fill-opacity=".85">Made for <tspan font-weight="700">${escapeXml(input.brand)}</tspan></text>`
    : '';
  const label = `${input.categoryLabel}${input.brand ? ' · Example' : ''}`.toUpperCase();
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="${FONT}" fill="${c.ink}">`,
    `<title>${escapeXml(input.title)}${input.brand ? ` for ${escapeXml(input.brand)}` : ''}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.background}"/><stop offset="1" stop-color="${c.glow}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#g)"/>`,
    `<circle cx="560" cy="${cy}" r="150" fill="${c.accent}" fill-opacity=".85"/>`,
    `<circle cx="560" cy="${cy}" r="190" fill="none" stroke="${c.second}" stroke-width="8" stroke-opacity=".7"/>`,
    `<circle cx="560" cy="${cy}" r="222" fill="none" stroke="${c.second}" stroke-width="3" stroke-opacity=".45"/>`,
    drawFrames(input.formats, c),
    `<rect x="40" y="46" width="28" height="4" rx="2" fill="${c.accent}"/>`,
    `<text x="78" y="52" font-size="13" font-weight="700" letter-spacing="2" fill-opacity=".8">${escapeXml(label)}</text>`,
    `<text font-size="${size}" font-weight="800" letter-spacing="-.5">${title}</text>`,
    brand,
    drawBadges([formatClock(input.durationSeconds), ...input.formats], c),
    `<path d="M40 338H600" stroke="${c.ink}" stroke-opacity=".22" stroke-width="4" stroke-linecap="round"/>`,
    `<path d="M40 338H${progress}" stroke="${c.accent}" stroke-width="4" stroke-linecap="round"/>`,
    `<circle cx="${progress}" cy="338" r="7" fill="${c.ink}"/>`,
    '</svg>',
  ].join('');
}
