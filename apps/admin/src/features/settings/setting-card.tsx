import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SETTING_SCHEMAS, type ApprovalKind, type SettingKey, type Settings } from '@app/contracts';
import { Alert, Button, ConfirmDialog, TextField } from '@app/ui';
import { ErrorLine } from '../../shared/components/page.tsx';
import { formErrors, issuesResolver, issuesToErrors, serverFieldErrors, type FieldErrors, type FormCheck } from '../content/index.ts';
import { PendingApprovals, useProposal } from '../approvals/index.ts';
import { useSaveSetting } from './settings.api.ts';

export interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
}

/** The form's values: the card's draft, whatever its shape. */
type CardValues<D> = { draft: D };

/** A draft as the form's values (react-hook-form types them as a deep partial, which it cannot work out while D is a type parameter). */
function formValues<D>(draft: D): DefaultValues<CardValues<D>> {
  return { draft } as DefaultValues<CardValues<D>>;
}

export interface SettingCardProps<K extends SettingKey, D> {
  settingKey: K;
  /** The value in force, as the server answered it. */
  value: Settings[K];
  /** The form's state for a value, and the value for a form state (checked with the key's schema before sending). */
  fromValue: (value: Settings[K]) => D;
  toValue: (draft: D) => unknown;
  /** A field's own "what is expected" for a format problem. */
  formatText?: (path: string, draft: D) => string | undefined;
  /** Schema paths (`fields.3.minLength`) as the form names its fields (`rules.email.minLength`). */
  mapPath?: (path: string, draft: D) => string;
  /** Asked before a change that needs a second thought (maintenance on); null = save at once. */
  confirm?: (draft: D, saved: Settings[K]) => Confirmation | null;
  /** A field's own text when the server refuses it (the server's reason, which the schema cannot know). */
  serverText?: (path: string) => string | undefined;
  /** Listed under the form: problems no field shows (the JSON editor). */
  listErrors?: boolean;
  /** A maker-checker setting (the payment limits): the value is proposed with a reason to `url` and applies when another operator approves it. */
  proposal?: { url: string; kind: ApprovalKind };
  children: (form: { draft: D; setDraft: (draft: D) => void; errors: FieldErrors }) => ReactNode;
}

/**
 * One setting key as a card: its form, checked with the key's schema from @app/contracts (the
 * one the server stores against), the server's refusal translated and pinned to its fields, and
 * Save / Undo. Each save is one audited change on the server.
 */
export function SettingCard<K extends SettingKey, D>(props: SettingCardProps<K, D>) {
  const { settingKey, value, fromValue, toValue, formatText, mapPath, serverText, confirm, listErrors, proposal, children } = props;
  const { t } = useTranslation(['admin-settings', 'admin-content', 'admin', 'admin-approvals', 'errors']);
  // The shared form-issue texts live in admin-content (form-issues.ts).
  const { t: issueT } = useTranslation('admin-content');
  const [asking, setAsking] = useState<{ confirmation: Confirmation; value: unknown } | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const saveNow = useSaveSetting(settingKey);
  const propose = useProposal<{ value: unknown; reason: string }>(() => proposal?.url ?? '', (body) => body);
  const [reason, setReason] = useState('');
  const [proposedAt, setProposedAt] = useState<number | null>(null);
  const [reasonMissing, setReasonMissing] = useState(false);
  // Either mutation answers the same way to the form: pending, error, reset.
  const save = proposal ? propose : saveNow;
  const remap = (found: FieldErrors, current: D): FieldErrors => (mapPath ? Object.fromEntries(Object.entries(found).map(([path, message]) => [mapPath(path, current), message])) : found);
  // The key's schema from @app/contracts, as the server stores against it; checked when saving only.
  const check = (current: D): FormCheck<unknown> => {
    const parsed = SETTING_SCHEMAS[settingKey].safeParse(toValue(current));
    return parsed.success ? { output: parsed.data, errors: {} } : { output: undefined, errors: remap(issuesToErrors(parsed.error.issues, issueT, (path) => formatText?.(path, current)), current) };
  };
  // The draft may be any shape (a JSON text, a list), so the form holds it under one name.
  const [initial] = useState(() => formValues(fromValue(value)));
  const form = useForm<CardValues<D>, unknown, unknown>({ defaultValues: initial, resolver: issuesResolver((values: CardValues<D>) => check(values.draft)), reValidateMode: 'onSubmit', shouldFocusError: false });
  const draft = useWatch({ control: form.control, compute: (values: CardValues<D>) => values.draft });
  const errors = formErrors(form.formState.errors);
  const refused = Object.fromEntries(Object.entries(remap(serverFieldErrors(save.error, issueT, `${settingKey}.`), draft)).map(([path, message]) => [path, serverText?.(path) ?? message]));
  const shown = { ...refused, ...errors };
  const dirty = JSON.stringify(toValue(draft)) !== JSON.stringify(value);

  // react-hook-form cannot resolve the path 'draft' of CardValues<D> while D is a type parameter.
  const setDraftValue = form.setValue as (name: 'draft', next: D) => void;

  function setDraft(next: D) {
    setDraftValue('draft', next);
    setSavedAt(null);
    setProposedAt(null);
  }

  function send(next: unknown) {
    if (proposal) {
      if (reason.trim() === '') {
        setReasonMissing(true);
        return;
      }
      propose.mutate({ value: next, reason }, { onSuccess: () => setProposedAt(Date.now()) });
      return;
    }
    saveNow.mutate(next, {
      onSuccess: (stored) => {
        form.reset(formValues(fromValue(stored)));
        setSavedAt(Date.now());
      },
    });
  }

  const submit = form.handleSubmit((checked) => {
    const confirmation = confirm?.(draft, value) ?? null;
    if (confirmation) setAsking({ confirmation, value: checked });
    else send(checked);
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    // The last refusal described the last value sent; this one is checked afresh.
    save.reset();
    void submit(event);
  }

  const errorList = Object.entries(shown);
  return (
    <section className="bo-card st-card" data-testid={`settings-card-${settingKey}`} aria-labelledby={`settings-title-${settingKey}`}>
      <header className="st-card__head">
        <h2 className="st-card__title" id={`settings-title-${settingKey}`}>
          {t(`cards.${settingKey}.title`)}
        </h2>
        <p className="bo-muted st-card__intro">{t(`cards.${settingKey}.intro`)}</p>
      </header>
      {proposal ? <PendingApprovals kind={proposal.kind} testId={`settings-pending-${settingKey}`} /> : null}
      <form className="st-form" onSubmit={onSubmit} noValidate>
        {children({ draft, setDraft, errors: shown })}
        {proposal ? (
          <TextField label={t('admin-approvals:propose.reason')} value={reason} onChange={(event) => { setReason(event.target.value); setReasonMissing(false); }} maxLength={500} error={reasonMissing ? t('errors:backoffice.approval_reason_required') : undefined} errorTestId={`settings-reason-${settingKey}-error`} data-testid={`settings-reason-${settingKey}`} />
        ) : null}
        {proposal && proposedAt !== null ? (
          <Alert tone="info" data-testid={`settings-proposed-${settingKey}`}>
            {t('admin-approvals:propose.sent')}
          </Alert>
        ) : null}
        {Object.keys(errors).length > 0 ? (
          <Alert tone="error" data-testid={`settings-invalid-${settingKey}`}>
            {t('fixFields')}
            {listErrors ? (
              <ul className="st-error-list">
                {errorList.map(([path, message]) => (
                  <li key={path}>
                    {path ? <code className="bo-code">{path}</code> : null} {message}
                  </li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
        <ErrorLine error={save.error} testId={`settings-error-${settingKey}`} />
        <div className="st-form__actions">
          {savedAt !== null && !dirty ? (
            <span className="st-saved" role="status" data-testid={`settings-saved-${settingKey}`}>
              {t('saved')}
            </span>
          ) : dirty ? (
            <span className="bo-muted">{t('unsaved')}</span>
          ) : null}
          <Button variant="outline" disabled={!dirty || save.isPending} onClick={() => { form.reset(formValues(fromValue(value))); save.reset(); }} data-testid={`settings-undo-${settingKey}`}>
            {t('undo')}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid={`settings-save-${settingKey}`}>
            {save.isPending ? t('saving') : proposal ? t('admin-approvals:propose.send') : t('admin:common.save')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={asking !== null}
        title={asking?.confirmation.title ?? ''}
        message={asking?.confirmation.message ?? ''}
        confirmLabel={asking?.confirmation.confirmLabel ?? ''}
        cancelLabel={t('admin:common.cancel')}
        closeLabel={t('admin:common.close')}
        busy={save.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) send(asking.value);
          setAsking(null);
        }}
        testId={`settings-confirm-${settingKey}`}
      />
    </section>
  );
}
