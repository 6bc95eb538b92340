import { HelpCentreSchema, SiteContentSchema, type AppPlatform, type HelpCentre, type SiteContent } from '@app/contracts';
import type { Language } from '@app/i18n';
import { apiRequest } from '../../../shared/api-client.ts';

/*
 * Site content is public and the same for every visitor: it is asked for without the session
 * token so that the server's ETag and short max-age can serve everyone alike.
 */

export function fetchSiteContent(language: Language, signal?: AbortSignal): Promise<SiteContent> {
  return apiRequest(`/api/content/site?language=${language}`, { schema: SiteContentSchema, signal, token: null });
}

export function fetchHelpCentre(language: Language, signal?: AbortSignal): Promise<HelpCentre> {
  return apiRequest(`/api/content/help?language=${language}`, { schema: HelpCentreSchema, signal, token: null });
}

/** An SVG QR code of the platform's configured download address, drawn by the server. */
export function appQrPath(platform: AppPlatform): string {
  return `/api/content/app-qr/${platform}.svg`;
}
