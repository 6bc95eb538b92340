import { z } from 'zod';

export const SUPPORTED_LANGUAGES = ['pt', 'en'] as const;
export const DEFAULT_LANGUAGE = 'pt';
export const FALLBACK_LANGUAGE = 'en';
export const LanguageSchema = z.enum(SUPPORTED_LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

/** Text an operator writes once per supported language. */
export const LocalizedTextSchema = z.object({ pt: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** The wire shape of every error the API returns. */
export const ErrorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
