/**
 * The content feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/content/ is internal to it.
 */
export { markFirstLogin } from './announcement-storage.ts';
export { appQrPath } from './api/content.api.ts';
export { siteContentQueryOptions, useContentLanguage, useHelpCentre, useSiteContent } from './api/content.queries.ts';
export { BannerCarousel } from './components/banner-carousel.tsx';
export { ContentPopups } from './components/content-popups.tsx';
export { GroupBanner } from './components/group-banner.tsx';
export { NoticeMarquee } from './components/notice-marquee.tsx';
export { PromoCarousel } from './components/promo-carousel.tsx';
export { RichText } from './components/rich-text.tsx';
export { createContentRealtime } from './realtime/content-realtime.ts';
