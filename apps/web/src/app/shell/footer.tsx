import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SocialLink } from '@app/contracts';
import { AgeBadge, FacebookIcon, InstagramIcon, TiktokIcon, XTwitterIcon, YoutubeIcon, type IconProps } from '@app/ui';
import { useAccountModals } from '../../features/account/index.ts';
import { SelfExclusionServiceLink } from '../../features/exclusion/index.ts';
import { useSiteContent } from '../../features/content/index.ts';
import { SupportFooterLink } from '../../features/support/index.ts';
import { useBootInfo } from '../../features/system/index.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { contactLinksOf } from './contact-links.ts';
import { FooterVendors } from './footer-vendors.tsx';
import './footer.css';

const SOCIAL_ICONS: Record<SocialLink['network'], ComponentType<IconProps>> = {
  facebook: FacebookIcon,
  tiktok: TiktokIcon,
  twitter: XTwitterIcon,
  instagram: InstagramIcon,
  youtube: YoutubeIcon,
};

/**
 * Only what exists: the help articles the operator put in the footer, configured contacts and
 * networks, the vendors on offer, the operator's licence text.
 */
export function Footer() {
  const { t, i18n } = useTranslation('layout');
  const boot = useBootInfo();
  const { open } = useAccountModals();
  const { customerService } = contactLinksOf(boot.customerService);
  const { site } = boot;
  const licenceLines = site.licenceLines[currentLanguage(i18n)].filter((line) => line.trim() !== '');
  // The operator picks which help articles the footer lists; /help#term opens the terms modal.
  const footerHelp = (useSiteContent()?.help ?? []).filter((entry) => entry.inFooter);

  return (
    <footer className="app-footer" data-testid="footer">
      <div className="app-footer__columns">
        <section className="app-footer__column">
          <h2 className="app-footer__heading">{t('footer.help')}</h2>
          <ul className="app-footer__list stack stack--list stack--gap-2">
            <li>
              <Link to="/help" data-testid="footer-help-centre">
                {t('footer.helpCentre')}
              </Link>
            </li>
            {footerHelp.map((entry) => (
              <li key={entry.tag}>
                <Link to={`/help#${entry.tag}`} data-testid={`footer-help-${entry.tag}`}>
                  {entry.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section className="app-footer__column">
          <h2 className="app-footer__heading">{t('footer.contactUs')}</h2>
          <ul className="app-footer__list stack stack--list stack--gap-2">
            <li>
              <SupportFooterLink />
            </li>
            {customerService ? (
              <li>
                <a href={customerService} target="_blank" rel="noopener noreferrer" data-testid="footer-customer-service-link">
                  {t('footer.customerService')} ↗
                </a>
              </li>
            ) : null}
            <li>
              <button type="button" className="link-button" onClick={() => open({ kind: 'feedback' })} data-testid="footer-feedback">
                {t('footer.feedback')}
              </button>
            </li>
            {site.affiliateServiceUrl ? (
              <li>
                <a href={site.affiliateServiceUrl} target="_blank" rel="noopener noreferrer" data-testid="footer-affiliate">
                  {t('footer.affiliate')}
                </a>
              </li>
            ) : null}
            <li>
              <SelfExclusionServiceLink testId="footer-self-exclusion" />
            </li>
          </ul>
        </section>
        {site.social.length > 0 ? (
          <section className="app-footer__column">
            <h2 className="app-footer__heading">{t('footer.followUs')}</h2>
            <div className="cluster app-footer__social">
              {site.social.map(({ network, url }) => {
                const SocialIcon = SOCIAL_ICONS[network];
                const label = t(`footer.social.${network}`);
                return (
                  <a key={network} href={url} target="_blank" rel="noopener noreferrer" aria-label={label} title={label} data-testid={`social-${network}`}>
                    <SocialIcon />
                  </a>
                );
              })}
            </div>
          </section>
        ) : null}
      </div>
      <FooterVendors />
      <div className="app-footer__legal">
        <div className="app-footer__age">
          <AgeBadge label={t('footer.ageBadge')} />
          <p>{t('footer.ageNotice')}</p>
        </div>
        {licenceLines.length > 0 ? (
          <div className="stack stack--gap-1 app-footer__licence" data-testid="licence-lines">
            {licenceLines.map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </div>
        ) : null}
        <p className="app-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear(), name: site.name })}</p>
      </div>
    </footer>
  );
}
