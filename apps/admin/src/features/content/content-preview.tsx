import type { ReactNode } from 'react';
import type { ParseKeys, TFunction, TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ContentKind, Language, LinkageType } from '@app/contracts';
import { MegaphoneIcon } from '@app/ui';
import { bodyTextKey, type ContentDraft, type LinkDraft } from './content-kinds.ts';
import { previewHtml } from './preview-html.ts';

/**
 * The item as a player's phone shows it (360 px, the site's dark theme), drawn with the site's
 * own measures: the home banner box at the image's ratio, the notice strip, the promotion card,
 * the pop-up and announcement dialogs, the help page. Updated as the operator types.
 */
export function ContentPreview({ kind, draft }: { kind: ContentKind; draft: ContentDraft }) {
  const { t } = useTranslation('admin-content');
  const lng: Language = draft.language === '' ? 'pt' : draft.language;
  const site: SiteText = (key, values) => t(`preview.site.${key}`, { lng, ...values });
  const body = draft.body;
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  // Parsed on each keystroke: a help article of 100 KB takes a few milliseconds.
  const html = previewHtml(text('html'));
  const link = body.link as LinkDraft | undefined;

  let screen: ReactNode;
  switch (kind) {
    case 'banner':
      screen = <BannerScreen group={text('group')} title={text('title')} imageUrl={text('imageUrl')} width={Number(text('width'))} height={Number(text('height'))} site={site} />;
      break;
    case 'notice':
      screen = (
        <>
          <SiteTop site={site} />
          <div className="cp-marquee" data-testid="preview-notice">
            <span className="cp-marquee__icon" aria-hidden="true">
              <MegaphoneIcon size={18} />
            </span>
            <span className="cp-marquee__text">{text('title') || '…'}</span>
          </div>
          <TilesPlaceholder />
        </>
      );
      break;
    case 'promotion':
      screen = (
        <>
          <SiteTop site={site} />
          <h3 className="cp-heading">{site('promotions')}</h3>
          <article className="cp-promo" data-testid="preview-promotion">
            <Picture url={text('imageUrl')} width={Number(text('width'))} height={Number(text('height'))} className="cp-promo__image" />
            <div className="cp-promo__body">
              <strong className="cp-promo__title">{text('title') || '…'}</strong>
              {text('summary') ? <span className="cp-promo__summary">{text('summary')}</span> : null}
              <span className="cp-promo__more">{site('details')}</span>
            </div>
          </article>
          {html ? <div className="cp-rich cp-section" dangerouslySetInnerHTML={{ __html: html }} /> : null}
        </>
      );
      break;
    case 'popup':
      screen = (
        <Dialog title={text('title')} footer={<span className="cp-button cp-button--outline">{site('close')}</span>} site={site}>
          {text('imageUrl') ? <Picture url={text('imageUrl')} width={Number(text('width')) || 600} height={Number(text('height')) || 300} className="cp-dialog__image" /> : null}
          {html ? <div className="cp-rich" dangerouslySetInnerHTML={{ __html: html }} /> : null}
          {link && link.linkageType !== 'NONE' ? <span className="cp-button">{site('open')}</span> : null}
        </Dialog>
      );
      break;
    case 'announcement':
      screen = (
        <Dialog title={text('title')} footer={<span className="cp-button">{site('gotIt')}</span>} site={site}>
          {html ? <div className="cp-rich" dangerouslySetInnerHTML={{ __html: html }} /> : null}
        </Dialog>
      );
      break;
    case 'help':
      screen = (
        <>
          <SiteTop site={site} />
          <div className="cp-section">
            <h2 className="cp-page-title">{text('title') || '…'}</h2>
            {html ? <div className="cp-rich" dangerouslySetInnerHTML={{ __html: html }} /> : null}
          </div>
          {body.inFooter === true ? (
            <footer className="cp-footer">
              <span>{site('footerHelp')}</span>
              <strong>{text('title')}</strong>
            </footer>
          ) : null}
        </>
      );
      break;
    case 'agent_notice':
      screen = (
        <>
          <div className="cp-top cp-top--agent">{site('agentCentre')}</div>
          <div className="cp-section">
            <h3 className="cp-heading">{site('announcements')}</h3>
            <article className="cp-notice-card">
              <strong>{text('title') || '…'}</strong>
              <small className="cp-muted">{draft.startsAt ? draft.startsAt.replace('T', ' ') : site('today')}</small>
              {html ? <div className="cp-rich" dangerouslySetInnerHTML={{ __html: html }} /> : null}
            </article>
          </div>
        </>
      );
      break;
  }

  return (
    <figure className="cp-preview" aria-label={t('preview.label')}>
      <div className="cp-phone" data-testid="content-preview" lang={lng}>
        <div className="cp-phone__screen">{screen}</div>
      </div>
      <figcaption className="cp-caption">
        {link ? <span data-testid="preview-link">{linkText(t, link.linkageType, link.target)}</span> : null}
        {kind === 'announcement' ? <span>{t(bodyTextKey(`execution.${text('execution') || 'B'}`))}</span> : null}
        <span className="bo-muted">{draft.language === '' ? t('preview.everyLanguage') : t('preview.inLanguage', { language: t(`languages.${draft.language}`) })}</span>
      </figcaption>
    </figure>
  );
}

/** Where a tap on the banner or the pop-up's button leads, as the site decides it (link-action.ts). */
export function linkText(t: TFunction<'admin-content'>, linkageType: LinkageType, rawTarget: string): string {
  const target = rawTarget.trim();
  switch (linkageType) {
    case 'NONE':
      return t('preview.link.none');
    case 'ROUTE':
      return /^\/(?!\/)/.test(target) ? t('preview.link.route', { target }) : t('preview.link.invalid');
    case 'PROMOTION':
      return /^\d{1,18}$/.test(target) ? t('preview.link.promotion', { target }) : t('preview.link.invalid');
    case 'GAME':
      return /^\d{1,18}$/.test(target) && Number(target) > 0 ? t('preview.link.game', { target }) : t('preview.link.invalid');
    case 'URL':
      return /^https?:\/\/[^/\s]/i.test(target) ? t('preview.link.url', { target }) : t('preview.link.invalid');
    default:
      return t('preview.link.invalid');
  }
}

type SiteText = (key: ParseKeys<'admin-content', TOptions, 'preview.site'>, values?: Record<string, unknown>) => string;

function BannerScreen({ group, title, imageUrl, width, height, site }: { group: string; title: string; imageUrl: string; width: number; height: number; site: SiteText }) {
  const banner = <Picture url={imageUrl} width={width} height={height} alt={title} className="cp-banner__image" />;
  if (group === 'w_home') {
    return (
      <>
        <SiteTop site={site} />
        <div className="cp-banner" style={{ aspectRatio: ratioOf(width, height) }} data-testid="preview-banner">
          {banner}
        </div>
        <div className="cp-marquee cp-marquee--ghost" aria-hidden="true" />
        <TilesPlaceholder />
      </>
    );
  }
  if (group === 'w_leftmenu') {
    return (
      <div className="cp-drawer">
        <div className="cp-group-banner" style={{ aspectRatio: ratioOf(width, height) }} data-testid="preview-banner">
          {banner}
        </div>
        {(['home', 'promotions', 'help'] as const).map((key) => (
          <div key={key} className="cp-drawer__item">{site(`menu.${key}`)}</div>
        ))}
      </div>
    );
  }
  const form = group === 'w_login' ? 'login' : group === 'w_register' ? 'register' : 'forgot';
  return (
    <Dialog title={site(`forms.${form}`)} site={site}>
      <div className="cp-group-banner" style={{ aspectRatio: ratioOf(width, height) }} data-testid="preview-banner">
        {banner}
      </div>
      <span className="cp-input" />
      <span className="cp-input" />
      <span className="cp-button cp-button--block">{site(`forms.${form}`)}</span>
    </Dialog>
  );
}

function ratioOf(width: number, height: number): string {
  return width > 0 && height > 0 ? `${width} / ${height}` : '3 / 1';
}

/** The operator's picture; a blank box until there is an address (a broken address shows as such). */
function Picture({ url, width, height, alt = '', className }: { url: string; width: number; height: number; alt?: string; className: string }) {
  const usable = /^\/(?!\/)/.test(url) || /^https:\/\//i.test(url);
  if (!usable) return <span className={`${className} cp-picture-missing`} style={{ aspectRatio: ratioOf(width, height) }} />;
  return <img className={className} src={url} width={width > 0 ? width : undefined} height={height > 0 ? height : undefined} alt={alt} />;
}

function SiteTop({ site }: { site: SiteText }) {
  return (
    <div className="cp-top">
      <span className="cp-top__logo" />
      <span className="cp-button cp-button--small cp-button--outline">{site('login')}</span>
      <span className="cp-button cp-button--small">{site('register')}</span>
    </div>
  );
}

function TilesPlaceholder() {
  return (
    <div className="cp-tiles" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <span key={index} className="cp-tile" />
      ))}
    </div>
  );
}

function Dialog({ title, children, footer, site }: { title: string; children: ReactNode; footer?: ReactNode; site: SiteText }) {
  return (
    <div className="cp-overlay">
      <SiteTop site={site} />
      <div className="cp-dialog" role="presentation" data-testid="preview-dialog">
        <div className="cp-dialog__head">
          <strong>{title || '…'}</strong>
          <span aria-hidden="true">✕</span>
        </div>
        <div className="cp-dialog__body">{children}</div>
        {footer ? <div className="cp-dialog__foot">{footer}</div> : null}
      </div>
    </div>
  );
}
