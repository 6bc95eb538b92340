import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ChevronLeftIcon } from '@app/ui';

interface GameToolbarProps {
  onBack: () => void;
  /** The page's heading: the game's name. */
  title: ReactNode;
  /** Beside the name: the vendor, a demo badge. */
  details?: ReactNode;
  /** Buttons at the end (favourite, new window). */
  children?: ReactNode;
}

/** The slim bar over a running game: back, the game's name, then the game's own buttons. */
export function GameToolbar({ onBack, title, details, children }: GameToolbarProps) {
  const { t } = useTranslation('games');
  return (
    <div className="game-toolbar" role="toolbar" aria-label={t('launch.toolbar')}>
      <Button variant="ghost" size="sm" onClick={onBack} data-testid="game-back">
        <ChevronLeftIcon size={18} />
        <span className="game-toolbar__label">{t('launch.back')}</span>
      </Button>
      <div className="game-toolbar__title">
        <h1 className="game-toolbar__name" data-testid="page-title">
          {title}
        </h1>
        {details}
      </div>
      {children}
    </div>
  );
}
