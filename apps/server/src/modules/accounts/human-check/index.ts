export {
  CAPTCHA_ALPHABET,
  DEFAULT_CAPTCHA_LENGTH,
  captchaDataUrl,
  createCaptchaImage,
  normalizeCaptchaAnswer,
  type CaptchaImage,
} from './captcha-image.ts';
export {
  DEFAULT_DIFFICULTY_BITS,
  DEFAULT_TTL_SECONDS,
  MAX_CHALLENGE_LENGTH,
  createChallenge,
  verifySolution,
  type ProofOfWorkChallenge,
  type VerifyFailureReason,
  type VerifySolutionResult,
} from './proof-of-work.ts';
