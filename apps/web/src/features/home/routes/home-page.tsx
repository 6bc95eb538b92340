import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AgeBadge, ShieldCheckIcon } from '@app/ui';
import { useSession, displayNameOf } from '../../account/index.ts';
import { BannerCarousel, NoticeMarquee, PromoCarousel } from '../../content/index.ts';
import { useGameMenu, GameTypeIcon, gameTypePath } from '../../games/index.ts';
import { useBootInfo } from '../../system/index.ts';
import { GameRows } from '../components/game-rows.tsx';
import { JackpotCounter } from '../components/jackpot-counter.tsx';
import { WinnersBoard } from '../components/winners-board.tsx';
import './home-page.css';

/**
 * Spec §2 home, in order: banners, notice marquee, promotion carousel, the real jackpot pool,
 * the game types that have vendors, the game rows and the winners board (real settled wins).
 * Operator content that does not exist is simply not drawn.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const { t: tGames } = useTranslation('games');
  const boot = useBootInfo();
  const { isLoggedIn, member } = useSession();
  const menu = useGameMenu();
  const types = (menu.data?.types ?? []).filter((entry) => entry.vendors.length > 0).map((entry) => entry.gameType);

  return (
    <div className="page home">
      {/* The banners say who we are visually; the heading says it to screen readers and journeys. */}
      <h1 className="ui-visually-hidden" data-testid="page-title">
        {isLoggedIn && member ? t('heading.welcomeBack', { name: displayNameOf(member) }) : t('heading.title', { site: boot.site.name })}
      </h1>

      <BannerCarousel />
      <NoticeMarquee />
      <PromoCarousel />

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
