import { AppError } from '@app/kernel';
import { APPLICATION_IMAGE_MAX_BYTES } from '@app/contracts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The type of an uploaded image from its first bytes, never from its name or the declared
 * content type: a GIF, an HTML page or anything else renamed .png is refused.
 */
export function sniffImage(bytes: Buffer): 'image/png' | 'image/jpeg' | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/** Checks an upload and answers its sniffed type (translated 413 / 415 otherwise). */
export function checkedImage(body: unknown): { type: 'image/png' | 'image/jpeg'; bytes: Buffer } {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('promotions.image_invalid', 'send a PNG or JPEG image as the body');
  if (body.length > APPLICATION_IMAGE_MAX_BYTES) throw new AppError('promotions.image_too_large', 'at most 5 MB per image');
  const type = sniffImage(body);
  if (!type) throw new AppError('promotions.image_invalid', 'not a PNG or JPEG image');
  return { type, bytes: body };
}
