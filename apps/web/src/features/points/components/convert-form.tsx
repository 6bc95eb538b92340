import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConvertResult } from '@app/contracts';
import { Alert, Button, Spinner, TextField } from '@app/ui';
import { TitledCard, useWalletFormat, walletKeys } from '../../wallet/index.ts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { newRequestId } from '../../../shared/request-id.ts';
import { convertRequest, pointsConfigQueryOptions, pointsKeys } from '../api/points.api.ts';
import { isPin, PinField } from './pin-field.tsx';

/** Convert points to cash at the configured rate, with the payment password (MCS2_convertPoint). */
export function ConvertForm() {
  const { t } = useTranslation(['pages', 'common']);
  const format = useWalletFormat('R$');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const config = useQuery(pointsConfigQueryOptions());
  const [points, setPoints] = useState('');
  const [pin, setPin] = useState('');
  // A new id for each new conversion; the same one while a request for this form is in flight or retried.
  const [requestId, setRequestId] = useState(newRequestId);
  const [done, setDone] = useState<ConvertResult | null>(null);
  const convert = useMutation({
    mutationFn: () => convertRequest({ points, paymentPassword: pin, requestId }),
    onSuccess: (result) => {
      setDone(result);
      setPoints('');
      setPin('');
      setRequestId(newRequestId());
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pointsKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
  if (!config.data) return <Spinner label={t('common:loading')} layout="block" />;
  const rule = config.data.convert;
  const cents = points === '' ? 0n : (BigInt(points) * BigInt(rule.convertAmount.replace('.', ''))) / BigInt(rule.convertPoints);
  const worth = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
  return (
    <TitledCard titleId="points-convert-title" title={t('pages:pointMall.convert.title')} hint={t('pages:pointMall.rules.convert', { points: format.points(rule.convertPoints), amount: format.money(rule.convertAmount), min: format.points(rule.minPoints) })}>
      {!rule.enabled ? (
        <Alert tone="info">{t('pages:pointMall.rules.convertOff')}</Alert>
      ) : (
        <form
          className="stack points-convert"
          onSubmit={(event) => {
            event.preventDefault();
            setDone(null);
            if (points !== '' && isPin(pin) && !convert.isPending) convert.mutate();
          }}
        >
          <TextField
            id="points-convert-points"
            label={t('pages:pointMall.convert.points')}
            inputMode="numeric"
            value={points}
            onChange={(event) => setPoints(event.target.value.replace(/\D/g, '').replace(/^0+/, '').slice(0, 12))}
            hint={t('pages:pointMall.convert.worth', { amount: format.money(worth) })}
            data-testid="points-convert-points"
          />
          <PinField id="points-convert-pin" value={pin} onChange={setPin} />
          {convert.isError ? (
            <Alert tone="error" data-testid="points-convert-error">
              {errorMessage(convert.error)}
            </Alert>
          ) : null}
          {done ? (
            <Alert tone="info" data-testid="points-convert-done">
              {t('pages:pointMall.convert.done', { points: format.points(done.points), amount: format.money(done.amount) })}
            </Alert>
          ) : null}
          <Button type="submit" variant="accent" disabled={points === '' || !isPin(pin) || convert.isPending} data-testid="points-convert-submit">
            {t('pages:pointMall.convert.submit')}
          </Button>
        </form>
      )}
    </TitledCard>
  );
}
