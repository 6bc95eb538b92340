import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CONTENT_BODY_SCHEMAS, ContentItemInputSchema, LINKAGE_TYPES, SUPPORTED_LANGUAGES, type ContentItem, type ContentItemInput, type ContentKind, type Language, type LinkageType } from '@app/contracts';
import { Alert, Button, Checkbox, SelectField, TextField } from '@app/ui';
import { ErrorLine } from '../../shared/components/page.tsx';
import { TextBox } from '../../shared/components/text-box.tsx';
import { bodyFieldsOf, bodyTextKey, draftOf, newDraft, toInput, type BodyField, type ContentDraft, type LinkDraft } from './content-kinds.ts';
import { ContentPreview } from './content-preview.tsx';
import { useSaveContent } from './content.api.ts';
import { errorAt, issuesToErrors, serverFieldErrors, type FieldErrors } from './form-issues.ts';
import { formErrors, issuesResolver, type FormCheck } from './issues-resolver.ts';

/** A fresh key per opened form: a double click or a retried create makes one item. */
function newKey(): string {
  return crypto.randomUUID();
}

/**
 * The draft as the request body, checked with the schemas the server uses: the shared fields
 * (ContentItemInputSchema), the body with the kind's own schema, and an end after the start.
 */
function checkDraft(kind: ContentKind, draft: ContentDraft, t: TFunction<'admin-content'>): FormCheck<ContentItemInput> {
  const input = toInput(kind, draft);
  const formatText = (path: string) => formatHint(t, path, draft);
  const found: FieldErrors = {};
  const envelope = ContentItemInputSchema.safeParse(input);
  if (!envelope.success) Object.assign(found, issuesToErrors(envelope.error.issues, t, formatText));
  const body = CONTENT_BODY_SCHEMAS[kind].safeParse(input.body);
  if (!body.success) Object.assign(found, issuesToErrors(body.error.issues, t, formatText, 'body'));
  if (input.startsAt && input.endsAt && new Date(input.endsAt) <= new Date(input.startsAt)) found.endsAt ??= t('issues.endBeforeStart');
  return { output: input, errors: found };
}

/**
 * Creates or edits one item: the fields of its kind's schema, checked with the same schemas the
 * server uses before anything is sent, and the phone preview beside them.
 */
export function ContentEditor({ kind, item, language, onDone, onCancel }: { kind: ContentKind; item: ContentItem | null; language: Language | ''; onDone: (saved: ContentItem) => void; onCancel: () => void }) {
  const { t } = useTranslation(['admin-content', 'admin']);
  const [idempotencyKey] = useState(newKey);
  const [initial] = useState<ContentDraft>(() => (item ? draftOf(item) : newDraft(kind, language)));
  // Checked when saving only: a problem stays under its field until the next save, and the
  // operator's cursor stays where it is.
  const form = useForm<ContentDraft, unknown, ContentItemInput>({ defaultValues: initial, resolver: issuesResolver((draft) => checkDraft(kind, draft, t)), reValidateMode: 'onSubmit', shouldFocusError: false });
  // A copy per change: the preview redraws as the operator types.
  const draft = useWatch({ control: form.control, compute: (values: ContentDraft) => ({ ...values, body: { ...values.body } }) });
  const save = useSaveContent(kind);
  const fields = bodyFieldsOf(kind);
  const errors = formErrors(form.formState.errors);
  const shown = { ...serverFieldErrors(save.error, t), ...errors };

  const submit = form.handleSubmit((input) => {
    if (!save.isPending) save.mutate({ id: item?.id ?? null, input, idempotencyKey }, { onSuccess: onDone });
  });

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <div className="cp-editor">
      <form className="bo-card cp-form" onSubmit={(event) => void submit(event)} noValidate data-testid="content-form">
        <h2 className="cp-form__title">{item ? t('editor.editTitle', { id: item.id }) : t('editor.newTitle', { kind: t(`kinds.${kind}`) })}</h2>
        {fields.map((field) => (
          <Controller
            key={field.key}
            control={form.control}
            name={`body.${field.key}`}
            render={({ field: input }) => (
              <BodyFieldInput
                kind={kind}
                field={field}
                value={input.value}
                error={errorAt(shown, `body.${field.key}`)}
                // A link ({ linkageType, target }) has a `target`, which field.onChange would take for a change event's.
                onChange={field.widget === 'link' ? (value) => form.setValue(input.name, value) : input.onChange}
              />
            )}
          />
        ))}
        <fieldset className="cp-fieldset">
          <legend>{t('editor.publishing')}</legend>
          <div className="cp-grid">
            <Controller
              control={form.control}
              name="language"
              render={({ field }) => (
                <SelectField
                  label={t('fields.language')}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={[{ value: '' as const, label: t('languages.all') }, ...SUPPORTED_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))]}
                  data-testid="content-field-language"
                />
              )}
            />
            <TextField label={t('fields.sortOrder')} type="number" inputMode="numeric" {...form.register('sortOrder')} error={shown.sortOrder} hint={t('hints.sortOrder')} data-testid="content-field-sortOrder" />
            <TextField label={t('fields.startsAt')} type="datetime-local" {...form.register('startsAt')} error={shown.startsAt} hint={t('hints.startsAt')} data-testid="content-field-startsAt" />
            <TextField label={t('fields.endsAt')} type="datetime-local" {...form.register('endsAt')} error={shown.endsAt} errorTestId="content-error-endsAt" hint={t('hints.endsAt')} data-testid="content-field-endsAt" />
          </div>
          <Checkbox label={t('fields.enabled')} {...form.register('enabled')} data-testid="content-field-enabled" />
        </fieldset>
        {hasErrors ? (
          <Alert tone="error" data-testid="content-form-invalid">
            {t('editor.fixFields')}
          </Alert>
        ) : null}
        <ErrorLine error={save.error} testId="content-error" />
        <div className="cp-form__actions">
          <Button variant="outline" onClick={onCancel} disabled={save.isPending} data-testid="content-cancel">
            {t('admin:common.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="content-save">
            {save.isPending ? t('editor.saving') : t('admin:common.save')}
          </Button>
        </div>
      </form>
      <aside className="cp-editor__preview">
        <h2 className="cp-form__title">{t('preview.title')}</h2>
        <ContentPreview kind={kind} draft={draft} />
      </aside>
    </div>
  );
}

/** What a field expects, for a value of the wrong shape. */
function formatHint(t: TFunction<'admin-content'>, path: string, draft: ContentDraft): string | undefined {
  if (path === 'body.link.target') return t(`formats.target.${(draft.body.link as LinkDraft | undefined)?.linkageType ?? 'URL'}`);
  if (path === 'body.imageUrl') return t('formats.imageUrl');
  if (path === 'body.tag') return t('formats.tag');
  if (path === 'startsAt' || path === 'endsAt') return t('formats.date');
  return undefined;
}

function optionLabel(t: TFunction<'admin-content'>, key: string, value: string): string {
  if (key === 'group') return t(bodyTextKey(`groups.${value}`));
  if (key === 'execution') return t(bodyTextKey(`execution.${value}`));
  return value;
}

function BodyFieldInput({ kind, field, value, error, onChange }: { kind: ContentKind; field: BodyField; value: ContentDraft['body'][string] | undefined; error: string | undefined; onChange: (value: string | boolean | LinkDraft) => void }) {
  const { t, i18n } = useTranslation('admin-content');
  const label = t(bodyTextKey(`fields.${field.key}`)) + (field.nullable ? ` ${t('editor.optional')}` : '');
  const hintKey = bodyTextKey(`hints.${kind}.${field.key}`);
  const hint = i18n.exists(`admin-content:${hintKey}`) ? t(hintKey) : i18n.exists(`admin-content:hints.${field.key}`) ? t(bodyTextKey(`hints.${field.key}`)) : undefined;
  const testId = `content-field-${field.key}`;
  switch (field.widget) {
    case 'checkbox':
      return <Checkbox label={label} checked={value === true} onChange={(event) => onChange(event.target.checked)} error={error} data-testid={testId} />;
    case 'select':
      return <SelectField label={label} value={String(value ?? '')} onValueChange={onChange} options={field.options.map((option) => ({ value: option, label: optionLabel(t, field.key, option) }))} data-testid={testId} />;
    case 'link':
      return <LinkInput value={value as LinkDraft} error={error} onChange={onChange} />;
    case 'textarea':
    case 'html':
      return <TextBox className="cp-textarea" label={label} value={String(value ?? '')} onChange={onChange} maxLength={field.maxLength} rows={field.widget === 'html' ? 10 : 3} hint={hint} error={error} testId={testId} mono={field.widget === 'html'} spellCheck />;
    case 'number':
      return <TextField label={label} type="number" inputMode="numeric" min={1} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} error={error} hint={hint} data-testid={testId} className="cp-narrow" />;
    default:
      return <TextField label={label} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} maxLength={field.maxLength} error={error} errorTestId={`content-error-${field.key}`} hint={hint} data-testid={testId} />;
  }
}

function LinkInput({ value, error, onChange }: { value: LinkDraft; error: string | undefined; onChange: (value: LinkDraft) => void }) {
  const { t } = useTranslation('admin-content');
  return (
    <div className="cp-grid">
      <SelectField<LinkageType>
        label={t('fields.linkageType')}
        value={value.linkageType}
        onValueChange={(linkageType) => onChange({ ...value, linkageType })}
        options={LINKAGE_TYPES.map((option) => ({ value: option, label: t(`linkage.${option}`) }))}
        data-testid="content-field-linkageType"
      />
      {value.linkageType === 'NONE' ? null : (
        <TextField
          label={t('fields.target')}
          value={value.target}
          onChange={(event) => onChange({ ...value, target: event.target.value })}
          maxLength={500}
          error={error}
          errorTestId="content-error-target"
          hint={t(`formats.target.${value.linkageType}`)}
          data-testid="content-field-target"
        />
      )}
    </div>
  );
}
