import type { HelpArticle, HelpCentre, PublicAnnouncement, PublicBanner, PublicPopup, PublicPromotion, SiteContent } from '@app/contracts';

export function bannerFixture(overrides: Partial<PublicBanner> = {}): PublicBanner {
  return { id: '1', groupName: 'w_home', title: 'Banner 1', url: '/media/banner-1.jpg', width: 1920, height: 600, linkageType: 'NONE', target: null, ...overrides };
}

export function promotionFixture(overrides: Partial<PublicPromotion> = {}): PublicPromotion {
  return { id: '11', title: 'Promoção 11', summary: 'Resumo', url: '/media/promo-11.jpg', width: 800, height: 450, html: '<p>Regras</p>', ...overrides };
}

export function announcementFixture(overrides: Partial<PublicAnnouncement> = {}): PublicAnnouncement {
  return { id: 'a1', title: 'Aviso', html: '<p>Texto</p>', execution: 'B', ...overrides };
}

export function popupFixture(overrides: Partial<PublicPopup> = {}): PublicPopup {
  return { id: 'p1', title: 'Pop-up', html: '<p>Novidade</p>', url: null, width: null, height: null, linkageType: 'NONE', target: null, ...overrides };
}

export function siteContentFixture(overrides: Partial<SiteContent> = {}): SiteContent {
  return { language: 'pt', banners: [], notices: [], promotions: [], popups: [], announcements: [], help: [], ...overrides };
}

export function helpArticleFixture(overrides: Partial<HelpArticle> = {}): HelpArticle {
  const tag = overrides.tag ?? 'faq';
  return { tag, title: `Artigo ${tag}`, inFooter: true, html: `<p>Texto de ${tag}</p>`, updatedAt: '2025-03-01T12:00:00.000Z', ...overrides };
}

export function helpCentreFixture(articles: HelpArticle[]): HelpCentre {
  return { language: 'pt', articles };
}
