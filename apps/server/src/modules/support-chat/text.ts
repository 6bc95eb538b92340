import { AppError } from '@app/kernel';
import { SUPPORT_IMAGE_MAX_BYTES, SUPPORT_TEXT_MAX } from '@app/contracts';

/**
 * A chat message is plain text: normalised, control characters other than line breaks dropped,
 * blank runs of lines squeezed, trimmed. It is shown as text (never HTML) on both sides.
 */
export function cleanText(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const text = raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text.length === 0) return null;
  if (text.length > SUPPORT_TEXT_MAX) throw new AppError('support.too_long', `at most ${SUPPORT_TEXT_MAX} characters`);
  return text;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image's type from its first bytes, never from its name or declared type. */
export function sniffImage(bytes: Buffer): 'image/png' | 'image/jpeg' | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/** Checks an upload: translated 413 over 5 MB, 415 when it is not a PNG or JPEG by content. */
export function checkedImage(body: unknown): { contentType: 'image/png' | 'image/jpeg'; bytes: Buffer } {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('support.image_invalid', 'send a PNG or JPEG image as the body');
  if (body.length > SUPPORT_IMAGE_MAX_BYTES) throw new AppError('support.image_too_large', 'at most 5 MB');
  const contentType = sniffImage(body);
  if (!contentType) throw new AppError('support.image_invalid', 'not a PNG or JPEG image');
  return { contentType, bytes: body };
}
