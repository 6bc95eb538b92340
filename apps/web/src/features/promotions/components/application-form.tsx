import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLICATION_COMMENT_MAX, APPLICATION_IMAGES_MAX, type PlayerPromotion } from '@app/contracts';
import { Alert, Button } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useRemoveImage, useSubmitApplication, useUploadImage } from '../api/promotions.api.ts';

/**
 * An application (spec §5, §9): up to 3 PNG or JPG images, each sent as it is chosen (the server
 * checks its content and size), and a comment of at most 140 characters. Images chosen in this
 * visit show as thumbnails from the file itself; images of an earlier visit show by number.
 */
export function ApplicationForm({ promotion }: { promotion: PlayerPromotion }) {
  const { t } = useTranslation('content');
  const errorMessage = useErrorMessage();
  const [comment, setComment] = useState('');
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const commentId = useId();
  const upload = useUploadImage();
  const remove = useRemoveImage();
  const submit = useSubmitApplication();
  const images = promotion.draftImages;
  const full = images.length >= APPLICATION_IMAGES_MAX;

  useEffect(() => () => Object.values(previews).forEach((url) => URL.revokeObjectURL(url)), [previews]);

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(null);
    for (const [index, file] of files.entries()) {
      if (images.length + index >= APPLICATION_IMAGES_MAX) {
        setProblem(t('promotions.application.tooMany'));
        break;
      }
      try {
        const ref = await upload.mutateAsync({ id: promotion.id, file });
        setPreviews((current) => ({ ...current, [ref.id]: URL.createObjectURL(file) }));
      } catch (error) {
        setProblem(errorMessage(error));
        break;
      }
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (images.length === 0) {
      setProblem(t('promotions.application.needImage'));
      return;
    }
    setProblem(null);
    submit.mutate({ id: promotion.id, comment: comment.trim() }, { onError: (error) => setProblem(errorMessage(error)) });
  }

  return (
    <form className="application-form stack stack--gap-3" onSubmit={onSubmit} data-testid={`promotion-${promotion.id}-application`} noValidate>
      <h3 className="application-form__title">{t('promotions.application.title')}</h3>
      <p className="application-form__hint">{t('promotions.application.images')}</p>
      <ul className="application-form__images" aria-live="polite">
        {images.map((image, index) => (
          <li key={image.id} className="application-form__image" data-testid="application-image">
            {previews[image.id] ? <img src={previews[image.id]} alt={t('promotions.application.image', { n: index + 1 })} /> : <span>{t('promotions.application.image', { n: index + 1 })}</span>}
            <button type="button" className="application-form__remove" aria-label={t('promotions.application.remove', { n: index + 1 })} onClick={() => remove.mutate({ id: promotion.id, imageId: image.id })} disabled={remove.isPending}>
              ×
            </button>
          </li>
        ))}
        {full ? null : (
          <li>
            <Button variant="outline" size="sm" onClick={() => fileRef.current?.click()} disabled={upload.isPending} data-testid="application-add-image">
              {t('promotions.application.add')}
            </Button>
            <input ref={fileRef} type="file" accept="image/png,image/jpeg" multiple hidden onChange={(event) => void onFiles(event)} data-testid="application-file" />
          </li>
        )}
      </ul>
      <label className="application-form__label" htmlFor={commentId}>
        {t('promotions.application.comment')}
        <span className="application-form__count">{t('promotions.application.commentCount', { count: comment.length })}</span>
      </label>
      <textarea id={commentId} className="application-form__comment" value={comment} maxLength={APPLICATION_COMMENT_MAX} rows={3} onChange={(event) => setComment(event.target.value)} data-testid="application-comment" />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div>
        <Button type="submit" variant="accent" disabled={submit.isPending || upload.isPending} data-testid="application-submit">
          {promotion.state === 'rejected' ? t('promotions.action.applyAgain') : t('promotions.action.apply')}
        </Button>
      </div>
    </form>
  );
}
