import { useTranslation } from 'react-i18next';
import type { Game } from '@app/contracts';
import { Button, Modal, WrenchIcon } from '@app/ui';
import { useGameActions } from '../hooks/use-game-actions.ts';
import { GameGrid } from './game-grid.tsx';
import './maintenance-dialog.css';

/** Spec §4: a game under maintenance offers others of the same type instead. */
export function MaintenanceDialog({ alternatives, onClose }: { alternatives: readonly Game[]; onClose: () => void }) {
  const { t } = useTranslation(['games', 'errors', 'common']);
  const actions = useGameActions();
  return (
    <Modal
      open
      onClose={onClose}
      title={t('games:maintenance.title')}
      closeLabel={t('common:actions.close')}
      size="lg"
      testId="maintenance-dialog"
      footer={
        <Button variant="outline" onClick={onClose} data-testid="maintenance-close">
          {t('games:maintenance.back')}
        </Button>
      }
    >
      <div className="maintenance-dialog">
        <p className="maintenance-dialog__message">
          <span className="icon-disc maintenance-dialog__icon">
            <WrenchIcon size={18} />
          </span>
          {alternatives.length > 0 ? t('errors:catalogue.game_maintenance') : t('games:maintenance.noAlternatives')}
        </p>
        {alternatives.length > 0 ? <GameGrid games={alternatives} actions={actions} testId="maintenance-alternatives" /> : null}
      </div>
    </Modal>
  );
}
