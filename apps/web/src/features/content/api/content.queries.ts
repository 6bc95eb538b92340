import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BannerGroup, PublicBanner, SiteContent } from '@app/contracts';
import type { Language } from '@app/i18n';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n.ts';
import { fetchHelpCentre, fetchSiteContent } from './content.api.ts';

/** Content comes in the reader's language, so both queries are keyed by it. */
export const contentKeys = {
  all: ['content'] as const,
  site: (language: Language) => [...contentKeys.all, 'site', language] as const,
  help: (language: Language) => [...contentKeys.all, 'help', language] as const,
};

// Operators' changes arrive as a `content.changed` push (content-realtime.ts); the minute of
// staleness only matters when the socket is down.
const ONE_MINUTE = 60_000;

export function siteContentQueryOptions(language: Language) {
  return queryOptions({ queryKey: contentKeys.site(language), queryFn: ({ signal }) => fetchSiteContent(language, signal), staleTime: ONE_MINUTE });
}

export function helpCentreQueryOptions(language: Language) {
  return queryOptions({ queryKey: contentKeys.help(language), queryFn: ({ signal }) => fetchHelpCentre(language, signal), staleTime: ONE_MINUTE });
}

export function useContentLanguage(): Language {
  const { i18n } = useTranslation();
  return currentLanguage(i18n);
}

/** Undefined while loading or when the request failed: every block then simply stays hidden. */
export function useSiteContent(): SiteContent | undefined {
  return useQuery(siteContentQueryOptions(useContentLanguage())).data;
}

export function useHelpCentre() {
  return useQuery(helpCentreQueryOptions(useContentLanguage()));
}

/** The group's banners in the server's order (already filtered by schedule and language). */
export function bannersOf(content: SiteContent | undefined, group: BannerGroup): PublicBanner[] {
  return content ? content.banners.filter((banner) => banner.groupName === group) : [];
}

export function useBanners(group: BannerGroup): PublicBanner[] {
  return bannersOf(useSiteContent(), group);
}
