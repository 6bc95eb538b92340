/**
 * A tiny single-stroke font for the captcha alphabet: each character is a few polylines on an
 * 8 × 12 grid (x right, y down, baseline at 12). Hand-drawn here rather than taken from a font
 * file so the server needs no assets and a bot has no glyph table to look the shapes up in.
 * Shapes are deliberately plain and keep the features that tell look-alikes apart under
 * rotation, shear and jitter: the 6 and 9 hang their loop on a straight diagonal (a round 6
 * read as G once rotated), the 3 has a round top unlike the Z, the B a straight back unlike the 8.
 */

export type Point = readonly [x: number, y: number];

export const STROKE_FONT_WIDTH = 8;
export const STROKE_FONT_HEIGHT = 12;

/** Strokes separated by `|`, each a list of `x,y` points. */
const SOURCE: Record<string, string> = {
  '2': '0,3 1,1 3,0 5,0 7,1 8,3 7.5,5 0,12 8,12',
  '3': '0,1.5 2,0 6,0 8,2 8,4 6,6 3,6|6,6 8,8 8,10 6,12 2,12 0,10.5',
  '4': '6,12 6,0 0,8.5 8,8.5',
  '5': '7.5,0 1,0 0,5.5 3,4.5 5,4.5 7,5.5 8,8 7,11 5,12 2,12 0,10.5',
  '6': '6.5,0 1.5,5.5 0.5,7.5 0.5,10 2,11.5 4,12 6,11.5 7.5,10 7.5,8 6,6.5 4,6 2,6.5 0.8,7.5',
  '7': '0,0 8,0 2.5,12',
  '8': '4,6 1.5,5 0.5,3 1.5,1 4,0 6.5,1 7.5,3 6.5,5 4,6 1,7 0,9.5 1.5,11.5 4,12 6.5,11.5 8,9.5 7,7 4,6',
  '9': '7.2,4.5 6,5.5 4,6 2,5.5 0.5,4 0.5,2 2,0.5 4,0 6,0.5 7.5,2 7.5,4 6.5,6.5 1.5,12',
  A: '0,12 4,0 8,12|1.5,8 6.5,8',
  B: '0,6 5,6 7,5 7.5,3 7,1 5,0 0,0 0,12 5,12 7,11 8,9 7,7 5,6',
  C: '8,2 6,0 3,0 1,1.5 0,4 0,8 1,10.5 3,12 6,12 8,10',
  D: '0,0 0,12 4,12 7,10 8,7 8,5 7,2 4,0 0,0',
  E: '8,0 0,0 0,12 8,12|0,6 6,6',
  F: '8,0 0,0 0,12|0,6 6,6',
  G: '8,2 6,0 3,0 1,1.5 0,4 0,8 1,10.5 3,12 6,12 8,10 8,7 4.5,7',
  H: '0,0 0,12|8,0 8,12|0,6 8,6',
  J: '8,0 8,9 7,11 5,12 3,12 1,11 0,9',
  K: '0,0 0,12|8,0 0,7.5|2.5,5 8,12',
  M: '0,12 0,0 4,7.5 8,0 8,12',
  N: '0,12 0,0 8,12 8,0',
  P: '0,12 0,0 6,0 8,1.5 8,4.5 6,6 0,6',
  Q: '3,0 5,0 7,1.5 8,4 8,8 7,10.5 5,12 3,12 1,10.5 0,8 0,4 1,1.5 3,0|5,8.5 8.5,12.5',
  R: '0,12 0,0 6,0 8,1.5 8,4.5 6,6 0,6|4,6 8,12',
  S: '8,2 6,0 2,0 0,2 0,4 2,5.5 6,6.5 8,8 8,10 6,12 2,12 0,10',
  T: '0,0 8,0|4,0 4,12',
  U: '0,0 0,8.5 1,11 3,12 5,12 7,11 8,8.5 8,0',
  V: '0,0 4,12 8,0',
  W: '0,0 2,12 4,4 6,12 8,0',
  X: '0,0 8,12|8,0 0,12',
  Y: '0,0 4,6 8,0|4,6 4,12',
  Z: '0,0 8,0 0,12 8,12',
};

function parseStrokes(source: string): Point[][] {
  return source.split('|').map((stroke) =>
    stroke.split(' ').map((pair) => {
      const [x, y] = pair.split(',').map(Number);
      return [x!, y!] as const;
    }),
  );
}

/** Character → strokes → points, parsed once at start-up. */
export const STROKE_FONT: Readonly<Record<string, readonly (readonly Point[])[]>> = Object.fromEntries(
  Object.entries(SOURCE).map(([character, source]) => [character, parseStrokes(source)]),
);
