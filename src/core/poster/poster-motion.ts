/**
 * The moving layers of a motion poster: SMIL animation elements (no `<style>`, so no page's or
 * file's Content-Security-Policy has anything to allow). One loop of LOOP_SECONDS plays the
 * template's build-up: the label bar grows, the title lines slide in one after another, the
 * accent circle breathes, the rings turn, and the scrubber runs from start to end.
 */

/** Length of one loop of the preview. */
export const LOOP_SECONDS = 4;

const repeat = `dur="${LOOP_SECONDS}s" repeatCount="indefinite"`;

/** An `<animate>` of one attribute through `values` (at `keyTimes`, fractions of the loop). */
export function animate(attribute: string, values: readonly (string | number)[], keyTimes?: readonly number[]): string {
  const times = keyTimes ? ` keyTimes="${keyTimes.join(';')}"` : '';
  return `<animate attributeName="${attribute}" values="${values.join(';')}"${times} ${repeat}/>`;
}

/** A full turn around (cx, cy) every `seconds`, clockwise or back. */
export function turn(cx: number, cy: number, seconds: number, back = false): string {
  const [from, to] = back ? [360, 0] : [0, 360];
  return `<animateTransform attributeName="transform" type="rotate" from="${from} ${cx} ${cy}" to="${to} ${cx} ${cy}" dur="${seconds}s" repeatCount="indefinite"/>`;
}

/** Title line `i` slides in from the left and fades in, staggered; all fade out at the loop's end. */
export function slideIn(x: number, i: number): string {
  const start = Math.round((0.12 + i * 0.1) * 100) / 100;
  const end = Math.round((start + 0.12) * 100) / 100;
  const times = [0, start, end, 0.9, 1];
  return animate('x', [x - 28, x - 28, x, x, x], times) + animate('fill-opacity', [0, 0, 1, 1, 0], times);
}
