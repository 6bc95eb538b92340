import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PointsItem, Redemption } from '@app/contracts';
import { Alert, Button, Modal, TextField } from '@app/ui';
import { useWalletFormat, walletKeys } from '../../wallet/index.ts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { newRequestId } from '../../../shared/request-id.ts';
import { pointsKeys, redeemRequest } from '../api/points.api.ts';
import { isPin, PinField } from './pin-field.tsx';

/** Redeem an item: quantity and the payment password; one request id per dialog, so a double click redeems once. */
export function RedeemDialog({ item, onClose }: { item: PointsItem; onClose: () => void }) {
  const { t, i18n } = useTranslation(['pages', 'common']);
  const language = currentLanguage(i18n);
  const format = useWalletFormat('R$');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [quantity, setQuantity] = useState('1');
  const [pin, setPin] = useState('');
  const [requestId] = useState(newRequestId);
  const [done, setDone] = useState<Redemption | null>(null);
  const count = Number(quantity);
  const validQuantity = Number.isInteger(count) && count >= 1 && count <= Math.max(1, item.available);
  const redeem = useMutation({
    mutationFn: () => redeemRequest({ itemId: item.id, quantity: count, paymentPassword: pin, requestId }, language),
    onSuccess: (redemption) => setDone(redemption),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pointsKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
  const total = BigInt(item.pointsCost) * BigInt(validQuantity ? count : 1);
  return (
    <Modal open onClose={onClose} title={t('pages:pointMall.redeem.title', { name: item.name })} closeLabel={t('common:actions.close')} testId="points-redeem-dialog" size="sm">
      {done ? (
        <div className="stack">
          <Alert tone="info" data-testid="points-redeem-done">
            {t('pages:pointMall.redeem.done', { reference: done.reference })}
          </Alert>
          <Button onClick={onClose} data-testid="points-redeem-close">
            {t('common:actions.close')}
          </Button>
        </div>
      ) : (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            if (validQuantity && isPin(pin) && !redeem.isPending) redeem.mutate();
          }}
        >
          <p data-testid="points-redeem-total">{t('pages:pointMall.redeem.total', { points: format.points(total.toString()) })}</p>
          <TextField
            id="points-redeem-quantity"
            label={t('pages:pointMall.redeem.quantity')}
            inputMode="numeric"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value.replace(/\D/g, '').slice(0, 3))}
            error={validQuantity ? null : t('pages:pointMall.redeem.quantityInvalid', { max: Math.max(1, item.available) })}
            data-testid="points-redeem-quantity"
          />
          <PinField id="points-redeem-pin" value={pin} onChange={setPin} />
          {redeem.isError ? (
            <Alert tone="error" data-testid="points-redeem-error">
              {errorMessage(redeem.error)}
            </Alert>
          ) : null}
          <Button type="submit" variant="accent" disabled={!validQuantity || !isPin(pin) || redeem.isPending} data-testid="points-redeem-submit">
            {t('pages:pointMall.redeem.submit')}
          </Button>
        </form>
      )}
    </Modal>
  );
}
