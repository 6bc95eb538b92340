import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { CRASH_GAME_CODE, GameCodeSchema, VendorCodeSchema } from '@app/contracts';
import { GameToolbar } from '../components/game-toolbar.tsx';
import { useGoBack } from '../hooks/use-go-back.ts';
import { HouseGameScreen } from '../mini/house-game-screen.tsx';
import { miniGameCodeOf } from '../mini/mini-math.ts';
import '../components/game-stage.css';

/** /slot/:vendor/:gameCode: a house-served slot or mini game on its own page (the launch's "new window"). */
export function SlotPage() {
  const { t } = useTranslation('games');
  const params = useParams();
  const [search] = useSearchParams();
  const vendor = VendorCodeSchema.safeParse(params.vendor ?? '');
  const gameCode = GameCodeSchema.safeParse(params.gameCode ?? '');
  // The HOUSE mini games are listed with the crash games; every other house-served game is a slot.
  const mini = vendor.success && gameCode.success ? miniGameCodeOf(vendor.data, gameCode.data) : null;
  const crash = vendor.success && gameCode.success && vendor.data === 'HOUSE' && gameCode.data === CRASH_GAME_CODE;
  const back = useGoBack(mini || crash ? 'CRASH' : 'RNG');

  return (
    <div className="game-stage game-stage--slot" data-testid="slot-page">
      <GameToolbar onBack={back} title={crash ? t('crash.name') : mini ? t(`mini.names.${mini}`) : t('slot.pageTitle')} />
      {vendor.success && gameCode.success ? (
        <HouseGameScreen vendor={vendor.data} gameCode={gameCode.data} demo={search.get('demo') === '1'} embedded={mini !== null || crash} />
      ) : (
        <p className="launch-problem__message" data-testid="launch-target-missing">
          {t('launch.failedTitle')}
        </p>
      )}
    </div>
  );
}
