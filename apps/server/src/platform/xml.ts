/**
 * Text for an XML/SVG text node or attribute: markup characters become entities; control and
 * format characters (which XML 1.0 forbids, or which reorder text, like U+202E) are dropped.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
}
