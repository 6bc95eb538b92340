import { randomInt } from 'node:crypto';
import { STROKE_FONT, STROKE_FONT_HEIGHT, STROKE_FONT_WIDTH, type Point } from './stroke-font.ts';

/**
 * Self-hosted image captcha: a short code drawn as distorted vector strokes on a small SVG.
 *
 * Why strokes and not <text>: text in an SVG is the answer in plain sight, and a font file
 * would let a bot map glyph ids back to letters. Here every glyph is a polyline from a small
 * built-in stroke font, rotated, scaled, moved and jittered with coordinates baked into the path
 * data, drawn in a shuffled order among noise curves of the same style. That stops scripted
 * signups cheaply; it does not stop a determined solver, which is what the proof-of-work
 * check and rate limits are for.
 *
 * The SVG has a fixed structure (one background rect, then <path> and <circle> elements, no
 * text, scripts, links or external references), so serving it as image/svg+xml is safe.
 */

/** No 0/O, 1/I/L look-alikes: a person who misreads those is not a bot. */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export const DEFAULT_CAPTCHA_LENGTH = 4;
const MIN_CAPTCHA_LENGTH = 3;
const MAX_CAPTCHA_LENGTH = 8;

const VIEW_WIDTH = 120;
const VIEW_HEIGHT = 40;
const MARGIN_X = 8;
/** Glyph height in view units before the random scale; 24 of 40 leaves room for rotation. */
const GLYPH_HEIGHT = 23;
const MAX_ROTATION_DEGREES = 20;
/** Per-point jitter in font units (the font is 8 × 12); enough to defeat exact shape matching. */
const POINT_JITTER = 0.45;

/**
 * All dark enough for a contrast ratio above 7:1 on the light background, and the background
 * is painted inside the SVG, so the image reads the same on a dark or a light page.
 */
const BACKGROUND = '#f3efe6';
const BORDER = '#c9c2b2';
const INK_COLOURS = ['#1d2b53', '#5b1a60', '#0f4d3a', '#7a2413', '#283a8c', '#3b3b3b'];
/** Noise in mid tones: visible structure for a machine, easy for a person to look through. */
const NOISE_COLOURS = ['#8a7f6a', '#7d8fa6', '#a08aa8', '#8fa58a', '#b08f7a'];

export interface CaptchaImage {
  svg: string;
  /** Upper-case, from CAPTCHA_ALPHABET; compare against normalizeCaptchaAnswer(userInput). */
  answer: string;
}

/** A uniform float in [min, max) from the CSPRNG (lint forbids Math.random on the server). */
function randomBetween(min: number, max: number): number {
  return min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
}

function pick<T>(items: readonly T[]): T {
  return items[randomInt(0, items.length)]!;
}

/** One decimal place keeps the SVG small (~4 kB) and is finer than a device pixel at 3×. */
function formatNumber(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

function polylinePath(points: readonly Point[]): string {
  return points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${formatNumber(x)} ${formatNumber(y)}`).join('');
}

/** Fisher–Yates with the CSPRNG: document order must not reveal which path belongs to which glyph. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

interface GlyphPlacement {
  centreX: number;
  centreY: number;
  scale: number;
}

/** The character's strokes, jittered, rotated and scaled about its centre, in view coordinates. */
function placeGlyph(character: string, placement: GlyphPlacement): Point[][] {
  const strokes = STROKE_FONT[character];
  if (!strokes) throw new Error(`no stroke glyph for ${character}`);
  const angle = (randomBetween(-MAX_ROTATION_DEGREES, MAX_ROTATION_DEGREES) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // Independent x/y scale and a little shear make each glyph a different shape, not just a rotated copy.
  const scaleX = placement.scale * randomBetween(0.85, 1.15);
  const scaleY = placement.scale * randomBetween(0.9, 1.1);
  const shear = randomBetween(-0.2, 0.2);
  return strokes.map((stroke) =>
    stroke.map(([fontX, fontY]) => {
      const x = (fontX - STROKE_FONT_WIDTH / 2 + randomBetween(-POINT_JITTER, POINT_JITTER)) * scaleX;
      const y = (fontY - STROKE_FONT_HEIGHT / 2 + randomBetween(-POINT_JITTER, POINT_JITTER)) * scaleY;
      const shearedX = x + shear * y;
      return [placement.centreX + shearedX * cos - y * sin, placement.centreY + shearedX * sin + y * cos] as Point;
    }),
  );
}

/** A cubic curve from the left edge to the right edge, wandering through the text band. */
function noiseCurve(): string {
  const y = () => formatNumber(randomBetween(6, VIEW_HEIGHT - 6));
  const x0 = formatNumber(randomBetween(0, 15));
  const x3 = formatNumber(randomBetween(VIEW_WIDTH - 15, VIEW_WIDTH));
  const x1 = formatNumber(randomBetween(25, 55));
  const x2 = formatNumber(randomBetween(65, 95));
  return `M${x0} ${y()}C${x1} ${y()} ${x2} ${y()} ${x3} ${y()}`;
}

function pathElement(d: string, colour: string, width: number, opacity = 1): string {
  const opacityAttribute = opacity < 1 ? ` stroke-opacity="${formatNumber(opacity)}"` : '';
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${formatNumber(width)}"${opacityAttribute} stroke-linecap="round" stroke-linejoin="round"/>`;
}

/**
 * Draws a fresh captcha. The caller keeps `answer` server-side (session or hashed in a row),
 * serves `svg` (or captchaDataUrl(svg)) and compares with normalizeCaptchaAnswer(input).
 */
export function createCaptchaImage(options: { length?: number } = {}): CaptchaImage {
  const length = options.length ?? DEFAULT_CAPTCHA_LENGTH;
  if (!Number.isInteger(length) || length < MIN_CAPTCHA_LENGTH || length > MAX_CAPTCHA_LENGTH) {
    throw new RangeError(`captcha length must be an integer from ${MIN_CAPTCHA_LENGTH} to ${MAX_CAPTCHA_LENGTH}`);
  }
  let answer = '';
  for (let i = 0; i < length; i++) answer += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return { svg: drawCaptchaSvg(answer), answer };
}

/** Kept private: a public "draw this text" would let a caller serve an answer it did not draw at random. */
function drawCaptchaSvg(answer: string): string {
  const { length } = answer;
  const slotWidth = (VIEW_WIDTH - 2 * MARGIN_X) / length;
  // Long codes shrink so that glyphs, about 2/3 as wide as tall, still fit their slots.
  const baseScale = Math.min(GLYPH_HEIGHT / STROKE_FONT_HEIGHT, (slotWidth * 0.82) / STROKE_FONT_WIDTH);
  const elements: string[] = [];

  [...answer].forEach((character, index) => {
    const ink = pick(INK_COLOURS);
    const width = randomBetween(2.1, 2.7);
    const strokes = placeGlyph(character, {
      centreX: MARGIN_X + slotWidth * (index + 0.5) + randomBetween(-slotWidth * 0.1, slotWidth * 0.1),
      centreY: VIEW_HEIGHT / 2 + randomBetween(-3, 3),
      scale: baseScale * randomBetween(0.88, 1.05),
    });
    for (const stroke of strokes) elements.push(pathElement(polylinePath(stroke), ink, width));
  });

  // One thin curve in an ink colour crosses the text so a colour threshold cannot drop all noise.
  // Noise stays thinner than the glyph strokes: at glyph width it hid the bars of H, A and E.
  elements.push(pathElement(noiseCurve(), pick(INK_COLOURS), randomBetween(0.8, 1.1), 0.85));
  for (let i = 0; i < 3; i++) elements.push(pathElement(noiseCurve(), pick(NOISE_COLOURS), randomBetween(0.9, 1.6)));
  for (let i = 0; i < 14; i++) {
    const cx = formatNumber(randomBetween(2, VIEW_WIDTH - 2));
    const cy = formatNumber(randomBetween(2, VIEW_HEIGHT - 2));
    const r = formatNumber(randomBetween(0.6, 1.5));
    elements.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${pick([...NOISE_COLOURS, ...INK_COLOURS])}"/>`);
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}" width="${VIEW_WIDTH}" height="${VIEW_HEIGHT}" role="img">` +
    `<rect x="0.5" y="0.5" width="${VIEW_WIDTH - 1}" height="${VIEW_HEIGHT - 1}" rx="6" fill="${BACKGROUND}" stroke="${BORDER}"/>` +
    shuffle(elements).join('') +
    '</svg>'
  );
}

/** What to compare with the stored answer: people type lower case and stray spaces. */
export function normalizeCaptchaAnswer(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** For an <img src> in JSON responses; base64 avoids percent-encoding quirks across browsers. */
export function captchaDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
