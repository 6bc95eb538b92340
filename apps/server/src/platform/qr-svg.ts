import QRCode from 'qrcode';
import { escapeXml } from './xml.ts';

/** ISO/IEC 18004 asks for a 4-module light border so scanners find the finder patterns. */
const QUIET_ZONE = 4;

export interface QrSvgOptions {
  /** Accessible name (aria-label and `<title>`), default 'QR code'; reading the code aloud would be noise. */
  title?: string;
  /** Light border in modules; never below the standard's 4. */
  margin?: number;
}

/**
 * A standalone SVG of `text` as a QR code: error-correction level M, 4-module quiet zone,
 * black on white, one module = one viewBox unit, so it scales cleanly with CSS. The dark
 * modules are one `<path>` of horizontal runs; no scripts, no external references.
 * Synchronous (QRCode.create) so it can sit inside a presenter. Throws when the text is empty
 * or too long for a QR code. Used for PIX charges and the app download codes.
 */
export function qrSvg(text: string, options: QrSvgOptions = {}): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const quiet = Math.max(QUIET_ZONE, Math.floor(options.margin ?? QUIET_ZONE));
  const extent = size + 2 * quiet;
  let path = '';
  for (let row = 0; row < size; row++) {
    let column = 0;
    while (column < size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < size && modules.get(row, column)) column++;
      const run = column - start;
      path += `M${start + quiet} ${row + quiet}h${run}v1h-${run}z`;
    }
  }
  const title = escapeXml(options.title ?? 'QR code');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${extent} ${extent}" shape-rendering="crispEdges" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<rect width="${extent}" height="${extent}" fill="#fff"/>` +
    `<path fill="#000" d="${path}"/>` +
    `</svg>`
  );
}

