/**
 * A launch URL the page may show: an absolute http(s) address (a real vendor) or a same-origin
 * path (the sandbox vendor, "/sandbox-vendor/play?…"). Anything else — javascript:, data:,
 * protocol-relative "//host" — is refused: it would run in our origin or leave it unnoticed.
 */
export function isSafeLaunchUrl(url: string): boolean {
  const value = url.trim();
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
