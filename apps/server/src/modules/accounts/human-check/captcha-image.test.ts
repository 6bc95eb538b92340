import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, captchaDataUrl, createCaptchaImage, normalizeCaptchaAnswer } from './captcha-image.ts';
import { STROKE_FONT, STROKE_FONT_HEIGHT, STROKE_FONT_WIDTH } from './stroke-font.ts';

const ALLOWED_ELEMENTS = new Set(['svg', 'rect', 'path', 'circle']);

/** A small XML well-formedness check: one root, every tag closed in order, only known elements. */
function checkXmlStructure(svg: string): void {
  const stack: string[] = [];
  let roots = 0;
  const tagPattern = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/g;
  let position = 0;
  for (const match of svg.matchAll(tagPattern)) {
    // Nothing but tags: no text nodes, comments, CDATA or processing instructions between them.
    expect(svg.slice(position, match.index)).toBe('');
    position = match.index + match[0].length;
    const [, closing, name, , selfClosing] = match;
    expect(ALLOWED_ELEMENTS.has(name!)).toBe(true);
    if (closing) {
      expect(stack.pop()).toBe(name);
    } else {
      if (stack.length === 0) roots += 1;
      if (!selfClosing) stack.push(name!);
    }
  }
  expect(position).toBe(svg.length);
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

describe('createCaptchaImage', () => {
  it('draws answers of the requested length from the look-alike-free alphabet', () => {
    const alphabet = new RegExp(`^[${CAPTCHA_ALPHABET}]+$`);
    for (let i = 0; i < 50; i++) {
      const { answer } = createCaptchaImage();
      expect(answer).toHaveLength(4);
      expect(answer).toMatch(alphabet);
    }
    expect(createCaptchaImage({ length: 6 }).answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{6}$`));
    expect(CAPTCHA_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('uses every character of the alphabet', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) for (const character of createCaptchaImage({ length: 8 }).answer) seen.add(character);
    expect([...seen].sort().join('')).toBe([...CAPTCHA_ALPHABET].sort().join(''));
  });

  it('produces a self-contained SVG with no text, script, link or external reference', () => {
    for (let i = 0; i < 200; i++) {
      const { svg, answer } = createCaptchaImage();
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      for (const forbidden of ['<text', '<script', '<font', '<foreignObject', '<style', '<image', '<use', 'href', 'url(', 'javascript:', '<!']) {
        expect(svg).not.toContain(forbidden);
      }
      expect(svg).not.toMatch(/\son\w+=/);
      expect(svg).not.toContain(answer);
      checkXmlStructure(svg);
      expect(svg.length).toBeLessThan(8_000);
    }
  });

  it('draws a different image each time', () => {
    const first = createCaptchaImage();
    const second = createCaptchaImage();
    expect(first.svg).not.toBe(second.svg);
  });

  it('has a fixed structure: a background, one path per glyph stroke, four noise curves, fourteen dots', () => {
    const { svg, answer } = createCaptchaImage();
    const glyphStrokes = [...answer].reduce((sum, character) => sum + STROKE_FONT[character]!.length, 0);
    expect(svg.match(/<path /g)).toHaveLength(glyphStrokes + 4);
    expect(svg.match(/<circle /g)).toHaveLength(14);
    expect(svg.match(/<rect /g)).toHaveLength(1);
  });

  it('refuses lengths a person could not read or a bot could guess', () => {
    for (const length of [0, 2, 9, 4.5, Number.NaN]) expect(() => createCaptchaImage({ length })).toThrow(RangeError);
  });
});

describe('stroke font', () => {
  it('has a glyph for every character, on the 8 × 12 grid', () => {
    for (const character of CAPTCHA_ALPHABET) {
      const strokes = STROKE_FONT[character];
      expect(strokes, character).toBeDefined();
      for (const stroke of strokes!) {
        expect(stroke.length).toBeGreaterThanOrEqual(2);
        for (const [x, y] of stroke) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(STROKE_FONT_WIDTH + 1);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(y).toBeLessThanOrEqual(STROKE_FONT_HEIGHT + 1);
        }
      }
    }
  });
});

describe('normalizeCaptchaAnswer', () => {
  it('ignores case and white space', () => {
    expect(normalizeCaptchaAnswer('  ab 3c\n')).toBe('AB3C');
    expect(normalizeCaptchaAnswer('x\tY z')).toBe('XYZ');
    expect(normalizeCaptchaAnswer('')).toBe('');
  });
});

describe('captchaDataUrl', () => {
  it('wraps the SVG as a base64 data URL', () => {
    const { svg } = createCaptchaImage();
    const url = captchaDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(url.slice('data:image/svg+xml;base64,'.length), 'base64').toString('utf8')).toBe(svg);
  });
});
