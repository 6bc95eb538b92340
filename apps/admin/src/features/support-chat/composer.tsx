import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_IMAGE_MAX_BYTES, SUPPORT_IMAGE_TYPES, SUPPORT_TEXT_MAX, SUPPORT_TYPING_THROTTLE_MS, type SupportMessage } from '@app/contracts';
import { Button } from '@app/ui';
import { useErrorText } from '../../shared/i18n.ts';
import { sendDeskMessage, sendDeskTyping, uploadDeskImage, useCanned } from './support.api.ts';

/**
 * The operator's composer: Enter sends, "/" followed by a shortcut offers the canned replies
 * (Tab or a click puts one in), an image (PNG/JPG, ≤ 5 MB; the server checks the bytes), typing pings.
 */
export function Composer({ conversationId, onSent }: { conversationId: string; onSent: (message: SupportMessage) => void }) {
  const { t } = useTranslation('admin-support');
  const errorText = useErrorText();
  const canned = useCanned();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lastTyping = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  const slash = /^\/([a-z0-9_-]*)$/.exec(text.trim());
  const suggestions = slash ? (canned.data?.replies ?? []).filter((reply) => reply.shortcut.startsWith(slash[1] ?? '')).slice(0, 6) : [];

  function typed(value: string) {
    setText(value);
    const now = Date.now();
    if (value.trim() && !value.startsWith('/') && now - lastTyping.current > SUPPORT_TYPING_THROTTLE_MS) {
      lastTyping.current = now;
      void sendDeskTyping(conversationId).catch(() => undefined);
    }
  }

  function pick(chosen: File | undefined) {
    setError(null);
    if (!chosen) return;
    if (!(SUPPORT_IMAGE_TYPES as readonly string[]).includes(chosen.type)) return setError(t('imageType'));
    if (chosen.size > SUPPORT_IMAGE_MAX_BYTES) return setError(t('imageTooLarge'));
    setFile(chosen);
  }

  async function submit() {
    const body = text.trim();
    if ((!body && !file) || busy) return;
    setBusy(true);
    setError(null);
    try {
      const imageId = file ? (await uploadDeskImage(conversationId, file)).id : undefined;
      const sent = await sendDeskMessage(conversationId, { clientId: crypto.randomUUID(), ...(body ? { body } : {}), ...(imageId ? { imageId } : {}) });
      onSent(sent.message);
      // Only what was sent is cleared: a text or an image picked while it was on its way stays.
      setText((current) => (current.trim() === body ? '' : current));
      setFile((current) => (current === file ? null : current));
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.key === 'Tab' || event.key === 'Enter') && suggestions[0]) {
      event.preventDefault();
      setText(suggestions[0].body);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div className="sc-composer">
      {suggestions.length > 0 ? (
        <ul className="sc-canned" aria-label={t('canned.pick')} data-testid="sc-canned-suggestions">
          {suggestions.map((reply) => (
            <li key={reply.id}>
              <button type="button" className="sc-canned__item" onClick={() => setText(reply.body)} data-testid={`sc-canned-${reply.shortcut}`}>
                <strong>/{reply.shortcut}</strong> {reply.body}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {file ? (
        <p className="sc-muted" data-testid="sc-file">
          {file.name}{' '}
          <button type="button" className="link-button" onClick={() => setFile(null)}>
            ✕
          </button>
        </p>
      ) : null}
      {error ? (
        <p className="bo-error" role="alert" data-testid="sc-composer-error">
          {error}
        </p>
      ) : null}
      <div className="sc-composer__row">
        <input ref={input} type="file" accept="image/png,image/jpeg" hidden onChange={(event) => (pick(event.target.files?.[0]), (event.target.value = ''))} data-testid="sc-file-input" />
        <Button variant="ghost" size="sm" aria-label={t('attach')} title={t('attach')} onClick={() => input.current?.click()} data-testid="sc-attach">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48" />
          </svg>
        </Button>
        <textarea className="sc-composer__input" rows={2} maxLength={SUPPORT_TEXT_MAX} placeholder={t('placeholder')} aria-label={t('placeholder')} value={text} onChange={(event) => typed(event.target.value)} onKeyDown={onKeyDown} data-testid="sc-input" />
        <Button variant="accent" disabled={busy || (!text.trim() && !file)} onClick={() => void submit()} data-testid="sc-send">
          {t('send')}
        </Button>
      </div>
    </div>
  );
}
