import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';
import { SUPPORT_IMAGE_MAX_BYTES, SUPPORT_IMAGE_TYPES, SUPPORT_TEXT_MAX, SUPPORT_TYPING_THROTTLE_MS } from '@app/contracts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { sendTyping, uploadImage } from '../api/support.api.ts';
import type { Outgoing } from './use-support-chat.ts';

/** The composer: text (Enter sends, Shift+Enter breaks the line), one image with its preview, typing pings. */
export function SupportComposer({ send }: { send: (item: Outgoing) => Promise<unknown> }) {
  const { t } = useTranslation('support');
  const errorMessage = useErrorMessage();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lastTyping = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function pick(chosen: File | undefined) {
    setError(null);
    if (!chosen) return;
    // A first check for the member's sake; the server decides by the file's bytes.
    if (!(SUPPORT_IMAGE_TYPES as readonly string[]).includes(chosen.type)) return setError(t('imageType'));
    if (chosen.size > SUPPORT_IMAGE_MAX_BYTES) return setError(t('imageTooLarge'));
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  }

  function typed(value: string) {
    setText(value);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current > SUPPORT_TYPING_THROTTLE_MS) {
      lastTyping.current = now;
      void sendTyping().catch(() => undefined);
    }
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const body = text.trim();
    if ((!body && !file) || busy) return;
    setBusy(true);
    setError(null);
    try {
      const imageId = file ? (await uploadImage(file)).id : null;
      const sending = send({ clientId: crypto.randomUUID(), body: body || null, imageId, preview, failed: false });
      // Only what was sent is cleared: a text or an image picked while it was on its way stays.
      setText((current) => (current.trim() === body ? '' : current));
      setFile((current) => (current === file ? null : current));
      setPreview((current) => (current === preview ? null : current));
      const failure = await sending;
      if (failure) setError(errorMessage(failure));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="support-composer" onSubmit={(event) => void submit(event)}>
      {preview ? (
        <div className="support-composer__preview" data-testid="support-preview">
          <img src={preview} alt={t('imagePreview')} />
          <button type="button" className="link-button" onClick={() => (setFile(null), setPreview(null))} data-testid="support-preview-remove">
            {t('removeImage')}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="support-composer__error" role="alert" data-testid="support-error">
          {error}
        </p>
      ) : null}
      <div className="support-composer__row">
        <input ref={input} type="file" accept="image/png,image/jpeg" hidden onChange={(event) => (pick(event.target.files?.[0]), (event.target.value = ''))} data-testid="support-file" />
        <Button type="button" variant="ghost" icon aria-label={t('attach')} title={t('attach')} onClick={() => input.current?.click()} data-testid="support-attach">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48" />
          </svg>
        </Button>
        <textarea
          className="support-composer__input"
          rows={2}
          maxLength={SUPPORT_TEXT_MAX}
          placeholder={t('placeholder')}
          aria-label={t('placeholder')}
          value={text}
          onChange={(event) => typed(event.target.value)}
          onKeyDown={onKeyDown}
          data-testid="support-input"
        />
        <Button type="submit" variant="accent" disabled={busy || (!text.trim() && !file)} data-testid="support-send">
          {t('send')}
        </Button>
      </div>
    </form>
  );
}
