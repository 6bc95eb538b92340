// PIX building blocks for the payments module: BR Codes, DICT keys and QR rendering. Pure, no I/O.
export { crc16CcittFalse, crc16Hex } from './crc16.ts';
export {
  PIX_GUI,
  buildDynamicBrCode,
  buildStaticBrCode,
  formatBrCodeAmount,
  parseBrCode,
  sanitizeBrCodeText,
  type BrCodeField,
  type DynamicBrCodeInput,
  type ParseBrCodeResult,
  type ParsedBrCode,
  type StaticBrCodeInput,
} from './br-code.ts';
export { normalizePixKey, type NormalizePixKeyResult, type PixKeyType } from './pix-keys.ts';
export { qrSvg, type QrSvgOptions } from '../../../platform/qr-svg.ts';
