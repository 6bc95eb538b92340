import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countWords, FEEDBACK_MAX_WORDS, FEEDBACK_MIN_WORDS, FEEDBACK_QUESTION_TYPES, FeedbackFormSchema, type FeedbackForm as FeedbackFormValues, type FeedbackTicket } from '@app/contracts';
import { Alert, Button, FormAlert, SelectField, SubmitButton, TextField } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useSendFeedback } from '../api/feedback.api.ts';

const LIMITS = { min: FEEDBACK_MIN_WORDS, max: FEEDBACK_MAX_WORDS };

/**
 * Spec §7 feedback: question type, content description within the word limits (§5, counted live
 * as the server counts), contact. One request id per form: a double click or a retry makes one
 * ticket; it changes only after a ticket was made.
 */
export function FeedbackForm() {
  const { t } = useTranslation('feedback');
  const errorMessage = useErrorMessage();
  const send = useSendFeedback();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [ticket, setTicket] = useState<FeedbackTicket | null>(null);
  const form = useForm<FeedbackFormValues>({ resolver: zodResolver(FeedbackFormSchema), defaultValues: { questionType: 'suggestion', content: '', contact: '' } });
  const content = useWatch({ control: form.control, name: 'content' });
  const questionType = useWatch({ control: form.control, name: 'questionType' });
  const words = countWords(content ?? '');
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    if (send.isPending) return;
    send.mutate({ ...values, requestId }, { onSuccess: (answer) => setTicket(answer) });
  });

  if (ticket) {
    return (
      <div className="feedback-form" data-testid="feedback-sent">
        <Alert tone="info">{t('sent', { number: ticket.number })}</Alert>
        <Button
          variant="outline"
          onClick={() => {
            setRequestId(crypto.randomUUID());
            form.reset();
            send.reset();
            setTicket(null);
          }}
        >
          {t('another')}
        </Button>
      </div>
    );
  }
  return (
    <form className="feedback-form" onSubmit={(event) => void submit(event)} noValidate>
      <SelectField
        id="feedback-type"
        label={t('questionType')}
        value={questionType}
        options={FEEDBACK_QUESTION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        onValueChange={(value) => form.setValue('questionType', value)}
        data-testid="feedback-type"
      />
      <div className={errors.content ? 'ui-field ui-field--invalid feedback-form__field' : 'ui-field feedback-form__field'}>
        <label className="ui-field__label" htmlFor="feedback-content">
          {t('content')}
        </label>
        <textarea id="feedback-content" className="ui-field__input feedback-form__textarea" rows={6} {...form.register('content')} aria-invalid={errors.content ? true : undefined} aria-describedby="feedback-words" data-testid="feedback-content" />
        <div id="feedback-words" className={words > FEEDBACK_MAX_WORDS ? 'feedback-form__count is-over' : 'feedback-form__count'} data-testid="feedback-word-count">
          <span>{t('contentHint', LIMITS)}</span>
          <span>{t('words', { count: words, max: FEEDBACK_MAX_WORDS })}</span>
        </div>
        {errors.content ? (
          <p className="feedback-form__error" role="alert" data-testid="feedback-content-error">
            {t(errors.content.message === 'errors.tooLong' ? 'errors.tooLong' : 'errors.tooShort', LIMITS)}
          </p>
        ) : null}
      </div>
      <TextField
        id="feedback-contact"
        label={t('contact')}
        {...form.register('contact')}
        autoComplete="email"
        error={errors.contact ? t(errors.contact.message === 'errors.contactTooLong' ? 'errors.contactTooLong' : 'errors.contactRequired') : null}
        data-testid="feedback-contact"
      />
      <FormAlert message={send.error ? errorMessage(send.error) : null} data-testid="feedback-error" />
      <SubmitButton variant="accent" block pending={send.isPending || form.formState.isSubmitting} pendingLabel={t('sending')} data-testid="feedback-submit">
        {t('send')}
      </SubmitButton>
    </form>
  );
}
