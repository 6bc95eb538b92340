import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AgeBadge, Button, ShieldCheckIcon } from '@app/ui';
import { useSession } from '../../account/api/account.queries.ts';
import { displayNameOf } from '../../account/api/account.types.ts';
import { useAccountModals } from '../../account/account-modals-context.tsx';
import { useGameMenu } from '../../games/api/games.queries.ts';
import { GameTypeIcon } from '../../games/components/game-icons.tsx';
import { gameTypePath } from '../../games/game-types.ts';
import { useBootInfo } from '../../system/api/system.queries.ts';
import { GameRows } from '../components/game-rows.tsx';
import { JackpotCounter } from '../components/jackpot-counter.tsx';
import { WinnersBoard } from '../components/winners-board.tsx';
import './home-page.css';

/**
 * Home shows only sections that carry real data: a welcome, the real jackpot pool, the game
 * types that have vendors, the game rows and the winners board (real settled wins). No banners
 * or online counts until they are real.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const { t: tGames } = useTranslation('games');
  const boot = useBootInfo();
  const { isLoggedIn, member } = useSession();
  const { open } = useAccountModals();
  const menu = useGameMenu();
  const types = (menu.data?.types ?? []).filter((entry) => entry.vendors.length > 0).map((entry) => entry.gameType);

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

      <JackpotCounter />

      {types.length > 0 ? (
        <nav className="home-section" aria-labelledby="home-categories">
          <h2 className="home-section__title" id="home-categories">
            {t('categories.title')}
          </h2>
          <div className="home-categories">
            {types.map((type) => (
              <Link key={type} to={gameTypePath(type)} className="home-category" data-testid="home-category">
                <span className="home-category__icon">
                  <GameTypeIcon type={type} size={26} />
                </span>
                <span className="home-category__label">{tGames(`types.${type}`)}</span>
              </Link>
            ))}
          </div>
        </nav>
      ) : null}

      <GameRows />

      <WinnersBoard />

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
