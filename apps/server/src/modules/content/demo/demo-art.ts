import type { Language } from '@app/contracts';
import { escapeXml } from '../../../platform/xml.ts';

/**
 * Artwork for the demo content, drawn by us (no external image hosts): a gradient card with a
 * heading, a line of text and a pill, like an operator's banner. Texts are baked in per language,
 * as in a real banner; each art piece has a slug and a size.
 */
export interface DemoArt {
  slug: string;
  width: number;
  height: number;
  colours: [string, string, string];
  texts: Record<Language, { heading: string; line: string; pill: string }>;
}

export function demoArtSvg(art: DemoArt, language: Language): string {
  const { width, height, colours } = art;
  const text = art.texts[language];
  const scale = height / 400;
  const size = (value: number) => Math.round(value * scale);
  const x = size(64);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(text.heading)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/></linearGradient>` +
    `<radialGradient id="r" cx="0.85" cy="0.3" r="0.6"><stop offset="0" stop-color="${colours[2]}" stop-opacity="0.85"/><stop offset="1" stop-color="${colours[2]}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/><rect width="${width}" height="${height}" fill="url(#r)"/>` +
    `<circle cx="${width - size(170)}" cy="${size(200)}" r="${size(120)}" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="${size(18)}"/>` +
    `<circle cx="${width - size(170)}" cy="${size(200)}" r="${size(60)}" fill="#fff" fill-opacity="0.18"/>` +
    `<text x="${x}" y="${size(170)}" font-family="system-ui, sans-serif" font-weight="800" font-size="${size(58)}" fill="#fff">${escapeXml(text.heading)}</text>` +
    `<text x="${x}" y="${size(230)}" font-family="system-ui, sans-serif" font-size="${size(28)}" fill="#fff" fill-opacity="0.9">${escapeXml(text.line)}</text>` +
    `<rect x="${x}" y="${size(270)}" rx="${size(24)}" width="${size(40 + 15 * text.pill.length)}" height="${size(48)}" fill="#fff"/>` +
    `<text x="${x + size(20)}" y="${size(302)}" font-family="system-ui, sans-serif" font-weight="700" font-size="${size(24)}" fill="${colours[0]}">${escapeXml(text.pill)}</text>` +
    `<text x="${width - size(24)}" y="${height - size(20)}" text-anchor="end" font-family="system-ui, sans-serif" font-size="${size(16)}" fill="#fff" fill-opacity="0.6">DEMO</text>` +
    `</svg>`
  );
}

