import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GridIcon } from '@app/ui';
import { PlaceholderPage } from '../../../shared/components/page-header.tsx';

export type LotteryKind = 'lottery' | 'seaLottery' | 'vnLottery';

/** /lottery, /seaLottery, /vnLottery (login required). ?gameCode selects the game. */
export function LotteryPage({ kind }: { kind: LotteryKind }) {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  return (
    <PlaceholderPage
      title={t(`${kind}.title`)}
      icon={<GridIcon />}
      subtitle={gameCode ? t('common.gameCode', { code: gameCode }) : t(`${kind}.subtitle`)}
    />
  );
}
