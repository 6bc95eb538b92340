import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';
import { formatMoney } from '../../shared/format.ts';
import type { PromotionDraft } from './promotion-draft.ts';

/**
 * The player's card as it will read, in PT or EN. The HTML is drawn in a sandboxed frame with no
 * scripts (the server keeps only its allow-list on save, so what is shown here is at most that).
 */
export function PromotionPreview({ draft, language, onLanguage }: { draft: PromotionDraft; language: 'pt' | 'en'; onLanguage: (language: 'pt' | 'en') => void }) {
  const { t, i18n } = useTranslation('admin-promotions');
  const text = draft.texts[language];
  const image = text.imageUrl.trim() || draft.imageUrl.trim();
  const amount = /^\d+(\.\d{1,2})?$/.test(draft.amount) ? formatMoney(draft.amount, i18n.language) : draft.amount;
  const reward = draft.rewardKind === 'cash' ? amount : `${amount} · ${draft.wageringMultiple}×`;
  return (
    <aside className="pr-preview" aria-label={t('editor.preview')} data-testid="promotion-preview">
      <div className="pr-preview__head">
        <strong>{t('editor.preview')}</strong>
        <span className="bo-actions">
          {(['pt', 'en'] as const).map((value) => (
            <Button key={value} size="sm" variant={value === language ? 'primary' : 'outline'} onClick={() => onLanguage(value)}>
              {value.toUpperCase()}
            </Button>
          ))}
        </span>
      </div>
      {image.startsWith('/media/') || image.startsWith('https://') ? <img className="pr-preview__image" src={image} alt="" /> : null}
      <h4 className="pr-preview__title">{text.title || '—'}</h4>
      {text.summary ? <p className="pr-preview__summary">{text.summary}</p> : null}
      <p className="pr-preview__reward">{t('editor.previewReward', { reward })}</p>
      <iframe className="pr-preview__html" title={t('editor.preview')} sandbox="" srcDoc={`<!doctype html><meta charset="utf-8"><style>body{font:14px system-ui;margin:0;color:#ddd;background:transparent}a{color:#7cc4ff}</style>${text.html}`} />
    </aside>
  );
}
