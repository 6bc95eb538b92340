import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { MemberNoteCreateSchema, type MemberDetail } from '@app/contracts';
import { Button } from '@app/ui';
import { Badge, DataTable } from '../../shared/components/data-table.tsx';
import { ErrorLine } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { STATUS_TONE, typeKey } from './labels.ts';
import { useMemberActions } from './members.api.ts';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="bo-members__field">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children ?? '—'}</dd>
    </div>
  );
}

export function ProfileTab({ member }: { member: MemberDetail }) {
  const { t, i18n } = useTranslation('admin-members');
  const at = (iso: string | null) => formatDateTime(iso, i18n.language);
  const yesNo = (value: boolean) => t(value ? 'profile.yes' : 'profile.no');
  return (
    <div className="bo-card">
      <dl className="bo-members__fields" data-testid="member-profile">
        <Field label={t('columns.account')}>{member.account}</Field>
        <Field label={t('columns.nickname')}>{member.nickname}</Field>
        <Field label={t('profile.name')}>{member.name}</Field>
        <Field label={t('columns.type')}>{`${t(typeKey(member.type))} (${member.type})`}</Field>
        <Field label={t('columns.status')}>
          <Badge tone={STATUS_TONE[member.status]}>{t(`status.${member.status}`)}</Badge>
          {member.statusReason ? <span className="bo-muted"> {t('profile.statusReason', { reason: member.statusReason, at: at(member.statusChangedAt) })}</span> : null}
        </Field>
        <Field label={t('columns.cpf')} testId="member-cpf">{member.cpf}</Field>
        <Field label={t('columns.mobile')}>{member.mobile}</Field>
        <Field label={t('columns.email')}>{member.email}</Field>
        <Field label={t('profile.birthday')}>{member.birthday}</Field>
        <Field label={t('profile.language')}>{member.language}</Field>
        <Field label={t('profile.referralCode')}>{member.referralCode}</Field>
        <Field label={t('columns.registeredAt')}>{at(member.registeredAt)}</Field>
        <Field label={t('profile.registrationIp')}>{member.registrationIp}</Field>
        <Field label={t('profile.lastLogin')}>{at(member.lastLoginAt)}</Field>
        <Field label={t('profile.mustChangePassword')}>{yesNo(member.mustChangePassword)}</Field>
        <Field label={t('profile.paymentPassword')}>{yesNo(member.hasPaymentPassword)}</Field>
      </dl>
      {member.piiMasked ? <p className="bo-muted bo-small" data-testid="member-pii-masked">{t('profile.masked')}</p> : null}
    </div>
  );
}

export function SessionsTab({ member }: { member: MemberDetail }) {
  const { t, i18n } = useTranslation('admin-members');
  const at = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <>
      <h2 className="bo-members__heading">{t('sessions.live')}</h2>
      <DataTable
        testId="member-sessions"
        rows={member.sessions}
        rowKey={(row) => `${row.startedAt}-${row.ip ?? ''}`}
        empty={t('sessions.none')}
        columns={[
          { key: 'started', header: t('sessions.startedAt'), cell: (row) => at(row.startedAt) },
          { key: 'seen', header: t('sessions.lastSeenAt'), cell: (row) => at(row.lastSeenAt) },
          { key: 'ip', header: t('sessions.ip'), cell: (row) => row.ip ?? '—' },
          { key: 'agent', header: t('sessions.userAgent'), cell: (row) => <span className="bo-small">{row.userAgent ?? '—'}</span> },
        ]}
      />
      <h2 className="bo-members__heading">{t('sessions.logins')}</h2>
      <DataTable
        testId="member-logins"
        rows={member.logins}
        rowKey={(row) => `${row.at}-${row.ip ?? ''}`}
        empty={t('sessions.noLogins')}
        columns={[
          { key: 'at', header: t('sessions.at'), cell: (row) => at(row.at) },
          { key: 'ip', header: t('sessions.ip'), cell: (row) => row.ip ?? '—' },
          { key: 'agent', header: t('sessions.userAgent'), cell: (row) => <span className="bo-small">{row.userAgent ?? '—'}</span> },
        ]}
      />
      <h2 className="bo-members__heading">{t('sessions.knownIps')}</h2>
      <DataTable
        testId="member-known-ips"
        rows={member.knownIps}
        rowKey={(row) => row.ip}
        empty={t('sessions.noLogins')}
        columns={[
          {
            key: 'ip',
            header: t('sessions.ip'),
            // Who else came from here: the search finds every member by address.
            cell: (row) => <Link to={`/members?q=${encodeURIComponent(row.ip)}`}>{row.ip}</Link>,
          },
          { key: 'first', header: t('sessions.firstSeenAt'), cell: (row) => at(row.firstSeenAt) },
        ]}
      />
    </>
  );
}

export function UplineTab({ member }: { member: MemberDetail }) {
  const { t } = useTranslation('admin-members');
  return (
    <div className="bo-card" data-testid="member-upline">
      {member.upline.length === 0 ? (
        <p className="bo-muted">{t('upline.none')}</p>
      ) : (
        <ol className="bo-members__chain">
          {member.upline.map((agent, index) => (
            <li key={agent.id}>
              <span className="bo-muted">{t('upline.level', { level: index + 1 })}</span>{' '}
              <Link to={`/members/${agent.id}`}>{agent.account}</Link> <span className="bo-muted">· {t(typeKey(agent.type))}</span>{' '}
              {agent.status !== 'active' ? <Badge tone={STATUS_TONE[agent.status]}>{t(`status.${agent.status}`)}</Badge> : null}
            </li>
          ))}
        </ol>
      )}
      <p className="bo-muted">{t('upline.downlines', { count: member.directDownlines })}</p>
    </div>
  );
}

export function NotesTab({ member }: { member: MemberDetail }) {
  const { t, i18n } = useTranslation(['admin-members', 'admin']);
  const session = useSession();
  const { addNote } = useMemberActions(member.id);
  // The server's own note schema (trimmed, 1–2000 characters).
  const form = useForm<{ body: string }>({ resolver: zodResolver(MemberNoteCreateSchema), defaultValues: { body: '' } });
  const body = useWatch({ control: form.control, name: 'body' });
  const submit = form.handleSubmit((note) => addNote.mutate(note.body, { onSuccess: () => form.reset() }));

  return (
    <>
      {session.can('members.notes') ? (
        <form className="bo-card bo-members__note-form" onSubmit={(event) => void submit(event)}>
          <label className="bo-label" htmlFor="member-note">
            {t('notes.new')}
          </label>
          <textarea id="member-note" className="bo-members__textarea" {...form.register('body')} maxLength={2000} rows={3} data-testid="member-note-input" />
          <div className="bo-members__note-actions">
            <span className="bo-muted bo-small">{t('notes.appendOnly')}</span>
            <Button type="submit" size="sm" disabled={addNote.isPending || body.trim() === ''} data-testid="member-note-submit">
              {t('notes.add')}
            </Button>
          </div>
          <ErrorLine error={addNote.error} testId="member-note-error" />
        </form>
      ) : null}
      {member.notes.length === 0 ? (
        <p className="bo-empty">{t('notes.none')}</p>
      ) : (
        <ul className="bo-members__notes" data-testid="member-notes">
          {member.notes.map((note) => (
            <li key={note.id} className="bo-card">
              <p className="bo-members__note-body">{note.body}</p>
              <p className="bo-muted bo-small">{t('notes.by', { operator: note.operator.username, at: formatDateTime(note.at, i18n.language) })}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
