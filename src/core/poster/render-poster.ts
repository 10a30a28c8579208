import { formatClock } from '../markdown/format-facts.ts';
import { assignPosterColors, type PosterColors } from './poster-colors.ts';
import { selectLayout, type PosterLayout, type PosterShape } from './poster-layout.ts';
import { animate, slideIn, turn } from './poster-motion.ts';
import { fitTitle } from './wrap-title.ts';

export type { PosterShape } from './poster-layout.ts';

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

/** How to draw a poster: its shape (default wide) and whether its layers move. */
export interface PosterOptions {
  shape?: PosterShape;
  motion?: boolean;
}

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

/** An element with optional animation children. */
const el = (tag: string, attrs: string, moves = '') => (moves ? `<${tag} ${attrs}>${moves}</${tag}>` : `<${tag} ${attrs}/>`);

/** Screen outlines in the template's formats, with a play mark: says "video" at a glance. */
function drawFrames(formats: readonly string[], c: PosterColors, l: PosterLayout, motion: boolean): string {
  const wide = formats.includes('16:9') || !formats.includes('9:16');
  const tall = formats.includes('9:16');
  const screen = ({ x, y }: { x: number; y: number }, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${c.background}" fill-opacity=".9" stroke="${c.ink}" stroke-width="3"/>`;
  const play = (cx: number, cy: number) => el('path', `d="M${cx - 11} ${cy - 15}v30l25-15z" fill="${c.accent}"`, motion ? animate('fill-opacity', [1, 0.35, 1]) : '');
  let out = '';
  const { wide: w, tallBeside, tallAlone } = l.frames;
  if (wide) out += screen(w, 176, 99) + (tall ? '' : play(w.x + 88, w.y + 50));
  const t = wide ? tallBeside : tallAlone;
  if (tall) out += screen(t, 70, 124) + play(t.x + 35, t.y + 62);
  return out;
}

function drawBadges(labels: readonly string[], c: PosterColors, l: PosterLayout): string {
  let x = l.label.x;
  let out = '';
  for (const label of labels) {
    const w = Math.round(label.length * 8.6 + 28);
    out += `<rect x="${x}" y="${l.badgesY}" width="${w}" height="28" rx="14" fill="${c.ink}" fill-opacity=".14"/><text x="${x + w / 2}" y="${l.badgesY + 19}" text-anchor="middle" font-size="14" font-weight="700">${escapeXml(label)}</text>`;
    x += w + 8;
  }
  return out;
}

/** The big circle and its two rings; in motion the circle breathes and the rings turn. */
function drawCircles(c: PosterColors, l: PosterLayout, cy: number, motion: boolean): string {
  const { cx } = l.circle;
  const dash = motion ? ' stroke-dasharray="64 18"' : '';
  return [
    el('circle', `cx="${cx}" cy="${cy}" r="150" fill="${c.accent}" fill-opacity=".85"`, motion ? animate('r', [150, 166, 150]) : ''),
    el('circle', `cx="${cx}" cy="${cy}" r="190" fill="none" stroke="${c.second}" stroke-width="8" stroke-opacity=".7"${dash}`, motion ? turn(cx, cy, 12) : ''),
    el('circle', `cx="${cx}" cy="${cy}" r="222" fill="none" stroke="${c.second}" stroke-width="3" stroke-opacity=".45"${dash}`, motion ? turn(cx, cy, 18, true) : ''),
  ].join('');
}

/** The scrubber: still at a seeded point, or running from start to end once per loop. */
function drawScrubber(c: PosterColors, l: PosterLayout, h: number, motion: boolean): string {
  const { y, from, to } = l.scrubber;
  const at = from + Math.round((0.25 + ((h >>> 8) % 45) / 100) * (to - from));
  const path = (end: number) => `M${from} ${y}H${end}`;
  return [
    `<path d="${path(to)}" stroke="${c.ink}" stroke-opacity=".22" stroke-width="4" stroke-linecap="round"/>`,
    el('path', `d="${path(at)}" stroke="${c.accent}" stroke-width="4" stroke-linecap="round"`, motion ? animate('d', [path(from), path(to)]) : ''),
    el('circle', `cx="${at}" cy="${y}" r="7" fill="${c.ink}"`, motion ? animate('cx', [from, to]) : ''),
  ].join('');
}

/**
 * An SVG poster painted from the template's palette: category, title, duration and format
 * badges, screen outlines and a scrubber bar, in a 16:9, 9:16 or social (1200x630) frame.
 * With `motion`, the layers play a short loop (poster-motion.ts). Pure and deterministic;
 * about 2 KB still.
 */
export function renderPoster(input: PosterInput, { shape = 'wide', motion = false }: PosterOptions = {}): string {
  const l = selectLayout(shape);
  const c = assignPosterColors(input.palette);
  const h = hashSeed(input.seed);
  const cy = l.circle.cy[h % 2 ? 0 : 1];
  const { size, lines } = fitTitle(input.title, l.title.width, l.title.sizes, l.title.maxLines);
  const lineHeight = Math.round(size * 1.12);
  const { x } = l.title;
  const title = lines
    .map((line, i) => `<tspan x="${x}" y="${Math.round(l.title.top + size * 0.9) + i * lineHeight}">${motion ? slideIn(x, i) : ''}${escapeXml(line)}</tspan>`)
    .join('');
  const brand = input.brand
    ? `<text x="${x}" y="${l.brandY}" font-size="16" fill-opacity=".85">Made for <tspan font-weight="700">${escapeXml(input.brand)}</tspan></text>`
    : '';
  const label = `${input.categoryLabel}${input.brand ? ' · Example' : ''}`.toUpperCase();
  const { width: W, height: H } = l;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${l.pixelWidth}" height="${l.pixelHeight}" font-family="${FONT}" fill="${c.ink}">`,
    `<title>${escapeXml(input.title)}${input.brand ? ` for ${escapeXml(input.brand)}` : ''}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.background}"/><stop offset="1" stop-color="${c.glow}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#g)"/>`,
    drawCircles(c, l, cy, motion),
    drawFrames(input.formats, c, l, motion),
    el('rect', `x="${l.label.x}" y="${l.label.y - 6}" width="28" height="4" rx="2" fill="${c.accent}"`, motion ? animate('width', [0, 28, 28, 0], [0, 0.12, 0.9, 1]) : ''),
    `<text x="${l.label.x + 38}" y="${l.label.y}" font-size="13" font-weight="700" letter-spacing="2" fill-opacity=".8">${escapeXml(label)}</text>`,
    `<text font-size="${size}" font-weight="800" letter-spacing="-.5">${title}</text>`,
    brand,
    drawBadges([formatClock(input.durationSeconds), ...input.formats], c, l),
    drawScrubber(c, l, h, motion),
    '</svg>',
  ].join('');
}
