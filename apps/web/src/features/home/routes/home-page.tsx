import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AgeBadge, BallIcon, Button, CardsIcon, ClockIcon, FishIcon, GridIcon, ShieldCheckIcon } from '@app/ui';
import { useSession } from '../../account/api/account.queries.ts';
import { displayNameOf } from '../../account/api/account.types.ts';
import { useAccountModals } from '../../account/account-modals-context.tsx';
import { useBootInfo } from '../../system/api/system.queries.ts';
import './home-page.css';

interface Category {
  to: string;
  labelKey: ParseKeys<'home'>;
  icon: ReactNode;
}

/** Game sections that have a page today; their lists fill in when the catalogue lands. */
const CATEGORIES: readonly Category[] = [
  { to: '/live', labelKey: 'categories.live', icon: <CardsIcon size={26} /> },
  { to: '/rng', labelKey: 'categories.rng', icon: <GridIcon size={26} /> },
  { to: '/sports', labelKey: 'categories.sports', icon: <BallIcon size={26} /> },
  { to: '/fish', labelKey: 'categories.fish', icon: <FishIcon size={26} /> },
  { to: '/pvp', labelKey: 'categories.pvp', icon: <CardsIcon size={26} /> },
  { to: '/crash', labelKey: 'categories.crash', icon: <GridIcon size={26} /> },
  { to: '/esports', labelKey: 'categories.esports', icon: <BallIcon size={26} /> },
  { to: '/lott', labelKey: 'categories.lott', icon: <ClockIcon size={26} /> },
];

/**
 * Home shows only sections that exist: a welcome, the game sections and an honest note that the
 * catalogue is on its way. No banners, jackpots or winner boards until they carry real data.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const boot = useBootInfo();
  const { isLoggedIn, member } = useSession();
  const { open } = useAccountModals();

  return (
    <div className="page home">
      <section className="home-hero">
        <div className="home-hero__text">
          <p className="home-hero__eyebrow">{t('hero.eyebrow')}</p>
          <h1 className="home-hero__title" data-testid="page-title">
            {isLoggedIn && member ? t('hero.welcomeBack', { name: displayNameOf(member) }) : t('hero.title', { site: boot.site.name })}
          </h1>
          <p className="home-hero__lead">{t('hero.lead')}</p>
          {isLoggedIn ? null : (
            <div className="home-hero__actions">
              <Button variant="accent" onClick={() => open({ kind: 'register', referralCode: null })} data-testid="hero-register">
                {t('hero.register')}
              </Button>
              <Button variant="outline" onClick={() => open({ kind: 'login' })} data-testid="hero-login">
                {t('hero.login')}
              </Button>
            </div>
          )}
        </div>
        <div className="home-hero__art" aria-hidden="true">
          <span className="home-hero__chip home-hero__chip--one" />
          <span className="home-hero__chip home-hero__chip--two" />
          <span className="home-hero__chip home-hero__chip--three" />
        </div>
      </section>

      <section className="home-section" aria-labelledby="home-categories">
        <h2 className="home-section__title" id="home-categories">
          {t('categories.title')}
        </h2>
        <div className="home-categories">
          {CATEGORIES.map((category) => (
            <Link key={category.to} to={category.to} className="home-category">
              <span className="home-category__icon">{category.icon}</span>
              <span className="home-category__label">{t(category.labelKey)}</span>
            </Link>
          ))}
        </div>
      </section>

      <section className="home-section home-catalogue" aria-labelledby="home-catalogue" data-testid="home-catalogue">
        <h2 className="home-section__title" id="home-catalogue">
          {t('catalogue.title')}
        </h2>
        <p className="home-catalogue__text">{t('catalogue.text')}</p>
      </section>

      <section className="home-responsible" aria-labelledby="home-responsible">
        <AgeBadge label={t('responsible.badge')} size={40} />
        <div>
          <h2 className="home-responsible__title" id="home-responsible">
            <ShieldCheckIcon size={18} /> {t('responsible.title')}
          </h2>
          <p>{t('responsible.text')}</p>
        </div>
      </section>
    </div>
  );
}
