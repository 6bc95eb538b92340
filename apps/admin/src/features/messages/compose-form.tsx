import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX, type BroadcastAudience, type BroadcastDraft } from '@app/contracts';
import { Button, Checkbox, SelectField, TextField } from '@app/ui';
import { ErrorLine } from '../../shared/components/page.tsx';
import { TextBox } from '../../shared/components/text-box.tsx';
import { usePreview, useSendBroadcast } from './messages.api.ts';

type AudienceKind = BroadcastAudience['kind'];
const PREVIEW_DELAY_MS = 500;

function audienceOf(kind: AudienceKind, rank: string, agent: string, accounts: string): BroadcastAudience | null {
  if (kind === 'all') return { kind };
  if (kind === 'vip') return /^\d{1,3}$/.test(rank) ? { kind, rank: Number(rank) } : null;
  if (kind === 'team') return agent.trim() ? { kind, agentAccount: agent.trim() } : null;
  const list = [...new Set(accounts.split(/[\s,;]+/).filter(Boolean))];
  return list.length > 0 ? { kind, accounts: list } : null;
}

/**
 * Compose a broadcast: audience, title, HTML body with a live preview of what the server keeps
 * (its allow-list) and the audience's size, then send now or at a time. One request id per
 * composition: a double click or a retry sends once.
 */
export function ComposeForm({ onSent }: { onSent: (text: string) => void }) {
  const { t } = useTranslation('admin-messages');
  const [kind, setKind] = useState<AudienceKind>('all');
  const [rank, setRank] = useState('1');
  const [agent, setAgent] = useState('');
  const [accounts, setAccounts] = useState('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [schedule, setSchedule] = useState(false);
  const [sendAt, setSendAt] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  // Set in the click itself (the mutation's own pending flag arrives a tick later): a double click sends once.
  const [sending, setSending] = useState(false);
  const preview = usePreview();
  const send = useSendBroadcast();
  const audience = audienceOf(kind, rank, agent, accounts);
  const draft: BroadcastDraft | null = audience && title.trim() && body.trim() ? { audience, title: title.trim(), bodyHtml: body } : null;
  const draftKey = draft ? JSON.stringify(draft) : '';
  const { mutate: askPreview } = preview;

  // The preview follows the typing, half a second after it stops.
  useEffect(() => {
    if (!draftKey) return;
    const timer = setTimeout(() => askPreview(JSON.parse(draftKey) as BroadcastDraft), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draftKey, askPreview]);

  const submit = () => {
    if (!draft || sending) return;
    setSending(true);
    const at = schedule && sendAt ? new Date(sendAt).toISOString() : null;
    send.mutate(
      { ...draft, requestId, sendAt: at },
      {
        onSuccess: (sent) => {
          onSent(sent.status === 'scheduled' ? t('compose.scheduled') : t('compose.sent', { count: sent.delivered }));
          setRequestId(crypto.randomUUID());
          setTitle('');
          setBody('');
          preview.reset();
        },
        onSettled: () => setSending(false),
      },
    );
  };

  return (
    <form className="msg-compose" onSubmit={(event) => { event.preventDefault(); submit(); }} data-testid="msg-compose">
      <div className="msg-compose__fields">
        <SelectField
          label={t('compose.audience')}
          value={kind}
          onValueChange={setKind}
          options={(['all', 'vip', 'team', 'accounts'] as const).map((value) => ({ value, label: t(`audience.${value}`) }))}
          data-testid="msg-audience"
        />
        {kind === 'vip' ? <TextField label={t('compose.rank')} value={rank} inputMode="numeric" maxLength={3} onChange={(e) => setRank(e.target.value)} data-testid="msg-rank" /> : null}
        {kind === 'team' ? <TextField label={t('compose.agent')} value={agent} maxLength={64} onChange={(e) => setAgent(e.target.value)} data-testid="msg-agent" /> : null}
        {kind === 'accounts' ? <TextBox label={t('compose.accounts')} hint={t('compose.accountsHint')} value={accounts} onChange={setAccounts} rows={3} testId="msg-accounts" className="msg-compose__accounts" /> : null}
        <TextField label={t('compose.title')} value={title} maxLength={MESSAGE_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} data-testid="msg-title" />
        <TextBox label={t('compose.body')} hint={t('compose.bodyHint')} value={body} onChange={setBody} rows={8} mono maxLength={MESSAGE_BODY_MAX} testId="msg-body" className="msg-compose__body" />
        <Checkbox label={t('compose.schedule')} checked={schedule} onChange={(e) => setSchedule(e.target.checked)} data-testid="msg-schedule" />
        {schedule ? <TextField label={t('compose.sendAt')} type="datetime-local" value={sendAt} onChange={(e) => setSendAt(e.target.value)} data-testid="msg-send-at" /> : null}
        <ErrorLine error={send.error} testId="msg-send-error" />
        <div>
          <Button type="submit" variant="primary" disabled={!draft || sending || (schedule && !sendAt)} data-testid="msg-send">
            {schedule ? t('compose.scheduleAction') : t('compose.send')}
          </Button>
        </div>
      </div>
      <section className="msg-compose__preview" aria-label={t('compose.preview')}>
        <h2 className="msg-compose__heading">{t('compose.preview')}</h2>
        {preview.data && draft ? (
          <>
            <p className="bo-muted" data-testid="msg-audience-count">{t('compose.audienceCount', { count: preview.data.audienceCount })}</p>
            <strong>{draft.title}</strong>
            {/* The server's sanitised HTML, exactly what members will see. */}
            <div className="msg-preview" data-testid="msg-preview" dangerouslySetInnerHTML={{ __html: preview.data.bodyHtml }} />
          </>
        ) : (
          <p className="bo-muted">{t('compose.previewEmpty')}</p>
        )}
        <ErrorLine error={draft ? preview.error : null} testId="msg-preview-error" />
      </section>
    </form>
  );
}
