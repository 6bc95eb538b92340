import { AppError } from '@app/kernel';
import { SUPPORT_IMAGE_MAX_BYTES, SUPPORT_TEXT_MAX } from '@app/contracts';
import { checkedImage as checkedUpload, type ImageType } from '../../platform/http/uploaded-image.ts';

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

/** Checks an upload: translated 413 over 5 MB, 415 when it is not a PNG or JPEG by content. */
export function checkedImage(body: unknown): { contentType: ImageType; bytes: Buffer } {
  const image = checkedUpload(body, { maxBytes: SUPPORT_IMAGE_MAX_BYTES, invalid: 'support.image_invalid', tooLarge: 'support.image_too_large' });
  return { contentType: image.type, bytes: image.bytes };
}
