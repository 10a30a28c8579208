/**
 * Where a poster's layers sit, per shape: `wide` (16:9, the template poster and a 16:9
 * example), `tall` (9:16, an example made in that format, drawn upright) and `social`
 * (1200x630, the raster social image: the wide layout, a little wider).
 */
export type PosterShape = 'wide' | 'tall' | 'social';

/** A point. */
export interface Point {
  x: number;
  y: number;
}

/** Positions of every layer, in viewBox units. */
export interface PosterLayout {
  /** The viewBox. */
  width: number;
  height: number;
  /** The drawn size (width and height attributes). */
  pixelWidth: number;
  pixelHeight: number;
  /** Category label (its bar starts at x). */
  label: Point;
  title: { x: number; top: number; width: number; sizes: readonly number[]; maxLines: number };
  /** Baseline of "Made for …" on an example poster. */
  brandY: number;
  /** Top of the duration and format badges. */
  badgesY: number;
  scrubber: { y: number; from: number; to: number };
  /** The big accent circle: its centre is at `cy[0]` or `cy[1]`, chosen by the seed. */
  circle: { cx: number; cy: readonly [number, number] };
  /** Top-left corners of the screen outlines: a wide one, a tall one beside it, each alone. */
  frames: { wide: Point; tallBeside: Point; tallAlone: Point };
}

/** The social image's viewBox keeps the wide poster's height (360) at 1200:630. */
const SOCIAL_WIDTH = Math.round((360 * 1200 * 100) / 630) / 100;

function wideLayout(width: number, pixelWidth: number, pixelHeight: number): PosterLayout {
  const extra = width - 640;
  return {
    width,
    height: 360,
    pixelWidth,
    pixelHeight,
    label: { x: 40, y: 52 },
    title: { x: 40, top: 100, width: 340 + extra, sizes: [40, 34, 28], maxLines: 3 },
    brandY: 268,
    badgesY: 284,
    scrubber: { y: 338, from: 40, to: width - 40 },
    circle: { cx: width - 80, cy: [70, 290] },
    frames: { wide: { x: width - 232, y: 112 }, tallBeside: { x: width - 100, y: 150 }, tallAlone: { x: width - 178, y: 92 } },
  };
}

const TALL: PosterLayout = {
  width: 360,
  height: 640,
  pixelWidth: 360,
  pixelHeight: 640,
  label: { x: 32, y: 60 },
  title: { x: 32, top: 100, width: 296, sizes: [36, 30, 26], maxLines: 4 },
  brandY: 500,
  badgesY: 524,
  scrubber: { y: 600, from: 32, to: 328 },
  circle: { cx: 320, cy: [250, 420] },
  frames: { wide: { x: 92, y: 300 }, tallBeside: { x: 200, y: 330 }, tallAlone: { x: 145, y: 300 } },
};

/** The layout of a poster of `shape`. */
export function selectLayout(shape: PosterShape): PosterLayout {
  if (shape === 'tall') return TALL;
  if (shape === 'social') return wideLayout(SOCIAL_WIDTH, 1200, 630);
  return wideLayout(640, 640, 360);
}
