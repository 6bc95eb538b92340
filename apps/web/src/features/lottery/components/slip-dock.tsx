import { useState, type ComponentProps } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@app/kernel';
import { useWalletFormat } from '../../wallet/index.ts';
import { LotterySlip } from './lottery-slip.tsx';
import { slipFigures } from './slip-math.ts';

/**
 * Desktop: the slip is a column beside the pad. Phone: a bar at the bottom (picks and total) opens
 * it as a bottom sheet. Bar and sheet live in document.body, as the sportsbook's do: a fixed box
 * inside the page's animated container would be placed against that container.
 */
export function SlipDock(props: Omit<ComponentProps<typeof LotterySlip>, 'onClose'>) {
  const { t } = useTranslation('lottery');
  const format = useWalletFormat('R$');
  const [open, setOpen] = useState(false);
  const count = props.slip.selections.length;
  const total = slipFigures(props.game.family, props.slip.betType, props.slip.selections, props.slip.stake).totalCents;
  return (
    <>
      <aside className="lt-slip-column" aria-label={t('slip.title')} data-testid="lt-slip-column">
        <LotterySlip {...props} />
      </aside>
      {createPortal(
        open ? (
          <>
            <div className="lt-sheet__scrim" aria-hidden="true" onClick={() => setOpen(false)} />
            <section className="lt-sheet" role="dialog" aria-modal="true" aria-label={t('slip.title')} data-testid="lt-slip-sheet">
              <span className="lt-sheet__grip" aria-hidden="true" />
              <LotterySlip {...props} onClose={() => setOpen(false)} />
            </section>
          </>
        ) : count > 0 ? (
          <button type="button" className="lt-slip-bar" data-testid="lt-slip-bar" aria-label={t('slip.open', { count })} onClick={() => setOpen(true)}>
            <span className="lt-slip-bar__count">{count}</span>
            <span>{t('slip.title')}</span>
            <strong>{format.money(formatCents(total))}</strong>
          </button>
        ) : null,
        document.body,
      )}
    </>
  );
}
