import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { LiveAdminMuteSchema } from '@app/contracts';
import { Button, TextField } from '@app/ui';
import { DataTable, type Column } from '../../shared/components/data-table.tsx';
import { QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { LiftDialog } from './chat-dialogs.tsx';
import { useLiveMutes, useMute } from './live.api.ts';
import { newRequestId, useLiveErrorText } from './live-text.ts';

type Mute = z.infer<typeof LiveAdminMuteSchema>;
interface MuteForm {
  account: string;
  minutes: string;
  reason: string;
}

/** Mutes in force and the form to mute an account across every table's chat (live.moderate). */
export function MutesSection({ account, onNotice }: { account: string; onNotice: (text: string) => void }) {
  const { t, i18n } = useTranslation('admin-live');
  const { t: admin } = useTranslation('admin');
  const { t: errorsT } = useTranslation('errors');
  const errorText = useLiveErrorText();
  const query = useLiveMutes(true);
  const mute = useMute();
  const [lifting, setLifting] = useState<string | null>(null);
  // One request id per submission: a double click or a retry of the same form changes nothing twice.
  const [requestId, setRequestId] = useState(newRequestId);
  const form = useForm<MuteForm>({ values: { account, minutes: '30', reason: '' } });
  const submit = form.handleSubmit((values) => {
    const minutes = Number(values.minutes);
    mute.mutate(
      { requestId, reason: values.reason.trim(), account: values.account.trim(), minutes },
      {
        onSuccess: (answer) => {
          setRequestId(newRequestId());
          form.reset({ account: '', minutes: '30', reason: '' });
          onNotice(answer.mute ? t('chat.mutes.muted', { account: answer.account, until: formatDateTime(answer.mute.until, i18n.language) }) : t('chat.mutes.lifted', { account: answer.account }));
        },
      },
    );
  });
  const columns: Column<Mute>[] = [
    { key: 'account', header: t('chat.mutes.account'), cell: (row) => <strong>{row.account}</strong> },
    { key: 'until', header: t('chat.mutes.until'), cell: (row) => <span className="lv-nowrap">{formatDateTime(row.until, i18n.language)}</span> },
    { key: 'reason', header: t('chat.mutes.reason'), cell: (row) => row.reason },
    { key: 'by', header: t('chat.mutes.by'), cell: (row) => row.by },
    { key: 'actions', header: '', cell: (row) => <Button size="sm" variant="outline" onClick={() => setLifting(row.account)} data-testid={`lv-lift-${row.account}`}>{t('chat.mutes.lift')}</Button> },
  ];
  const { errors } = form.formState;
  return (
    <section data-testid="lv-mutes">
      <h2 className="lv-section-title">{t('chat.mutes.formTitle')}</h2>
      <form className="lv-mute-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t('chat.mutes.account')} maxLength={64} error={errors.account?.message} {...form.register('account', { validate: (value) => value.trim() !== '' || errorsT('live_console.account_required') })} data-testid="lv-mute-account" />
        <TextField label={`${t('chat.mutes.minutes')} (${t('chat.mutes.minutesHint')})`} inputMode="numeric" maxLength={6} error={errors.minutes?.message} {...form.register('minutes', { validate: (value) => (/^\d{1,6}$/.test(value.trim()) && Number(value) <= 525_600) || t('chat.mutes.minutesInvalid') })} data-testid="lv-mute-minutes" />
        <TextField label={admin('common.reason')} maxLength={500} error={errors.reason?.message} {...form.register('reason', { validate: (value) => value.trim() !== '' || errorsT('live_console.reason_required') })} data-testid="lv-mute-reason" />
        <Button type="submit" disabled={mute.isPending} data-testid="lv-mute-submit">{t('chat.mutes.submit')}</Button>
      </form>
      {mute.error ? <p className="bo-error" role="alert" data-testid="lv-mute-error">{errorText(mute.error)}</p> : null}
      <h2 className="lv-section-title">{t('chat.mutes.title')}</h2>
      <QueryState query={query}>{() => <DataTable rows={query.data?.mutes ?? []} columns={columns} rowKey={(row) => row.account} testId="lv-mutes-list" empty={t('chat.mutes.empty')} />}</QueryState>
      {lifting ? <LiftDialog account={lifting} onClose={() => setLifting(null)} onDone={(text) => { setLifting(null); onNotice(text); }} /> : null}
    </section>
  );
}
