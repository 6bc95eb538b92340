import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '@app/ui';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { useCanned, useDeleteCanned, useSaveCanned } from './support.api.ts';
import './support.css';

/** Canned replies (support.chat): a shortcut and its text, used with "/shortcut" in the chat's composer. */
export default function CannedPage() {
  const { t } = useTranslation('admin-support');
  const canned = useCanned();
  const save = useSaveCanned();
  const remove = useDeleteCanned();
  const [editing, setEditing] = useState<{ id?: string; shortcut: string; body: string }>({ shortcut: '', body: '' });

  const submit = () => save.mutate(editing, { onSuccess: () => setEditing({ shortcut: '', body: '' }) });

  return (
    <Page title={t('canned.title')} testId="support-canned-page">
      <form
        className="sc-canned-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField id="sc-canned-shortcut" label={t('canned.shortcut')} value={editing.shortcut} maxLength={30} onChange={(event) => setEditing({ ...editing, shortcut: event.target.value })} data-testid="sc-canned-shortcut" />
        <label className="sc-canned-form__body">
          <span>{t('canned.body')}</span>
          <textarea rows={3} maxLength={1000} value={editing.body} onChange={(event) => setEditing({ ...editing, body: event.target.value })} data-testid="sc-canned-body" />
        </label>
        <div className="sc-row">
          <Button type="submit" variant="accent" disabled={save.isPending || !editing.shortcut.trim() || !editing.body.trim()} data-testid="sc-canned-save">
            {editing.id ? t('canned.save') : t('canned.add')}
          </Button>
          {editing.id ? (
            <Button type="button" variant="ghost" onClick={() => setEditing({ shortcut: '', body: '' })}>
              {t('canned.cancel')}
            </Button>
          ) : null}
        </div>
        <ErrorLine error={save.error ?? remove.error} testId="sc-canned-error" />
      </form>
      <QueryState query={canned}>
        {() => (
          <ul className="sc-canned-list" data-testid="sc-canned-list">
            {(canned.data?.replies ?? []).map((reply) => (
              <li key={reply.id} className="sc-canned-list__item">
                <strong>/{reply.shortcut}</strong>
                <span className="sc-canned-list__body">{reply.body}</span>
                <Button size="sm" variant="ghost" onClick={() => setEditing({ id: reply.id, shortcut: reply.shortcut, body: reply.body })}>
                  {t('canned.edit')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => remove.mutate(reply.id)}>
                  {t('canned.delete')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Page>
  );
}
