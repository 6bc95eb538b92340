import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { ApiError } from '../../shared/api.ts';

/** The editor label of a field the server names (`texts.en.title`, `reward.amount`…). */
const LABELS: Record<string, ParseKeys<'admin-promotions'>> = {
  type: 'editor.type',
  startsAt: 'editor.startsAt',
  endsAt: 'editor.endsAt',
  sortOrder: 'editor.sortOrder',
  imageUrl: 'editor.imageUrl',
  'eligibility.registeredFrom': 'editor.registeredFrom',
  'eligibility.registeredTo': 'editor.registeredTo',
  'eligibility.agentAccount': 'editor.agentAccount',
  'eligibility.minDeposit': 'editor.minDeposit',
  'eligibility.minValidBet': 'editor.minValidBet',
  'eligibility.vipLevels': 'editor.vipLevels',
  budget: 'editor.budget',
  memberCap: 'editor.memberCap',
  'reward.amount': 'editor.amount',
  'reward.wageringMultiple': 'editor.wageringMultiple',
  'reward.expiryDays': 'editor.expiryDays',
  envelopeShares: 'editor.envelopeShares',
  depositMatch: 'editor.matchPercent',
  'depositMatch.percent': 'editor.matchPercent',
  rewardExpiryDays: 'editor.rewardExpiryDays',
};

/** Which fields a refused save named, in the editor's words (under the translated message). */
export function FieldProblems({ error }: { error: unknown }) {
  const { t } = useTranslation('admin-promotions');
  const fields = error instanceof ApiError && Array.isArray(error.details?.fields) ? (error.details.fields as { path?: unknown }[]) : [];
  const names = [...new Set(fields.map((field) => String(field.path ?? '').replace(/^body\./, '')).filter(Boolean))].map((path) => {
    const text = /^texts\.(pt|en)\.(title|summary|html)$/.exec(path);
    if (text) return `${t(text[1] === 'pt' ? 'editor.textsPt' : 'editor.textsEn')} › ${t(text[2] === 'title' ? 'editor.titleField' : text[2] === 'summary' ? 'editor.summary' : 'editor.html')}`;
    // A bad VIP rank is named by its position (eligibility.vipLevels.1): the field is the list.
    const label = LABELS[path.replace(/^(eligibility\.vipLevels)\.\d+$/, '$1')];
    return label ? t(label) : path;
  });
  if (names.length === 0) return null;
  return (
    <p className="bo-error" data-testid="promotion-field-problems">
      {t('editor.fields', { fields: names.join('; ') })}
    </p>
  );
}
