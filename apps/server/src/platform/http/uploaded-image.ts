import type { FastifyReply } from 'fastify';
import { AppError, type ErrorCode } from '@app/kernel';

/**
 * Images members upload (promotion applications, the support chat): accepted as PNG or JPEG by
 * their first bytes only, and sent back as what they were sniffed to be. Identity documents (KYC)
 * may also be PDF (sniffDocument, checkedDocument).
 */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type ImageType = 'image/png' | 'image/jpeg';

/**
 * The type of an uploaded image from its first bytes, never from its name or the declared
 * content type: a GIF, an HTML page or anything else renamed .png is refused.
 */
export function sniffImage(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/** Checks a raw upload body: the module's translated 413 above maxBytes, its 415 when it is not a PNG or JPEG by content. */
export function checkedImage(body: unknown, rules: { maxBytes: number; invalid: ErrorCode; tooLarge: ErrorCode }): { type: ImageType; bytes: Buffer } {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError(rules.invalid, 'send a PNG or JPEG image as the body');
  if (body.length > rules.maxBytes) throw new AppError(rules.tooLarge, `at most ${Math.floor(rules.maxBytes / 1_048_576)} MB per image`);
  const type = sniffImage(body);
  if (!type) throw new AppError(rules.invalid, 'not a PNG or JPEG image');
  return { type, bytes: body };
}

export type DocumentType = ImageType | 'application/pdf';

/**
 * PNG, JPEG or PDF from the first bytes (identity documents, issue 27): a PDF starts with
 * "%PDF-" (ISO 32000-1 §7.5.2). Anything else, whatever its name, is undefined.
 */
export function sniffDocument(bytes: Buffer): DocumentType | undefined {
  const image = sniffImage(bytes);
  if (image) return image;
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

/** checkedImage for documents: PNG, JPEG or PDF by content; `empty` for a body with no bytes. */
export function checkedDocument(body: unknown, rules: { maxBytes: number; invalid: ErrorCode; tooLarge: ErrorCode; empty: ErrorCode }): { type: DocumentType; bytes: Buffer } {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError(rules.empty, 'send a PNG, JPEG or PDF file as the body');
  if (body.length > rules.maxBytes) throw new AppError(rules.tooLarge, `at most ${Math.floor(rules.maxBytes / 1_048_576)} MB per file`);
  const type = sniffDocument(body);
  if (!type) throw new AppError(rules.invalid, 'not a PNG, JPEG or PDF file');
  return { type, bytes: body };
}

/** Sends a stored image as what it was sniffed to be; the browser must not guess another type. */
export function sendImage(reply: FastifyReply, image: { contentType: string; bytes: Buffer }, maxAgeSeconds: number) {
  return reply
    .header('content-type', image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .header('content-disposition', 'inline')
    .header('cache-control', `private, max-age=${maxAgeSeconds}`)
    .send(image.bytes);
}
