import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isGamePromotionType, isRestrictedPromotionType, type AdminPromotion } from '@app/contracts';
import { Alert, Button, Checkbox, SelectField, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { ErrorLine } from '../../shared/components/page.tsx';
import { TextBox } from '../../shared/components/text-box.tsx';
import { useSavePromotion } from './promotions.api.ts';
import { draftOf, emptyDraft, inputOf, PROMOTION_TYPES, type PromotionDraft } from './promotion-draft.ts';
import { PromotionPreview } from './promotion-preview.tsx';
import { FieldProblems } from './field-problems.tsx';
import { GamesPrizesPanel } from './games-prizes-panel.tsx';
import { PeriodicPanel } from './periodic-panel.tsx';

/**
 * Create or edit a promotion, with a live preview of the player's card in either language. The
 * server judges the input (dates in order, cap within budget, reward within cap, the agent exists,
 * the Brazil switch) and its translated answer shows under the form.
 */
export function PromotionEditor({ promotion, restrictedTypesAllowed, onClose }: { promotion: AdminPromotion | null; restrictedTypesAllowed: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin-promotions');
  const [draft, setDraft] = useState<PromotionDraft>(() => (promotion ? draftOf(promotion) : emptyDraft()));
  const [previewLanguage, setPreviewLanguage] = useState<'pt' | 'en'>('pt');
  const key = useMemo(() => crypto.randomUUID().replaceAll('-', ''), []);
  const save = useSavePromotion();
  const set = <K extends keyof PromotionDraft>(field: K, value: PromotionDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const setText = (language: 'pt' | 'en', field: 'title' | 'summary' | 'html' | 'imageUrl', value: string) => setDraft((current) => ({ ...current, texts: { ...current.texts, [language]: { ...current.texts[language], [field]: value } } }));
  const restricted = isRestrictedPromotionType(draft.type) && !restrictedTypesAllowed;
  const field = (name: keyof PromotionDraft, label: string, props: { type?: string; inputMode?: 'decimal' | 'numeric' } = {}) => (
    <TextField label={label} value={String(draft[name])} onChange={(event) => set(name, event.target.value as never)} data-testid={`promotion-${name}`} {...props} />
  );

  return (
    <ActionDialog
      title={promotion ? t('editor.editTitle') : t('editor.createTitle')}
      testId="promotion-editor"
      size="lg"
      onClose={onClose}
      action={
        <Button disabled={save.isPending} onClick={() => save.mutate({ id: promotion?.id ?? null, input: inputOf(draft), key }, { onSuccess: onClose })} data-testid="promotion-save">
          {t('editor.save')}
        </Button>
      }
    >
      <div className="pr-editor">
        <div className="pr-editor__form">
          <h3>{t('editor.sectionGeneral')}</h3>
          <SelectField label={t('editor.type')} value={draft.type} onValueChange={(value) => set('type', value)} options={PROMOTION_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))} data-testid="promotion-type" />
          {restricted ? (
            <Alert tone="info" data-testid="promotion-restricted">
              {t('restrictedOff')}
            </Alert>
          ) : null}
          <div className="pr-grid">
            {field('startsAt', t('editor.startsAt'), { type: 'datetime-local' })}
            {field('endsAt', t('editor.endsAt'), { type: 'datetime-local' })}
            {field('sortOrder', t('editor.sortOrder'), { inputMode: 'numeric' })}
            {field('imageUrl', t('editor.imageUrl'))}
          </div>
          <h3>{t('editor.sectionEligibility')}</h3>
          <div className="pr-grid">
            {field('registeredFrom', t('editor.registeredFrom'), { type: 'datetime-local' })}
            {field('registeredTo', t('editor.registeredTo'), { type: 'datetime-local' })}
            {field('agentAccount', t('editor.agentAccount'))}
            {field('minDeposit', t('editor.minDeposit'), { inputMode: 'decimal' })}
            {field('minValidBet', t('editor.minValidBet'), { inputMode: 'decimal' })}
            {field('vipLevels', t('editor.vipLevels'), { inputMode: 'numeric' })}
          </div>
          <Checkbox label={t('editor.newMembersOnly')} checked={draft.newMembersOnly} onChange={(event) => set('newMembersOnly', event.target.checked)} />
          <Checkbox label={t('editor.onePerCpf')} checked={draft.onePerCpf} onChange={(event) => set('onePerCpf', event.target.checked)} />
          <h3>{t('editor.sectionReward')}</h3>
          <div className="pr-grid">
            {field('budget', t('editor.budget'), { inputMode: 'decimal' })}
            {field('memberCap', t('editor.memberCap'), { inputMode: 'decimal' })}
            <SelectField
              label={t('editor.rewardKind')}
              value={draft.rewardKind}
              onValueChange={(value) => set('rewardKind', value)}
              options={[
                { value: 'cash' as const, label: t('editor.rewardCash') },
                { value: 'bonus' as const, label: t('editor.rewardBonus') },
              ]}
              data-testid="promotion-rewardKind"
            />
            {field('amount', t('editor.amount'), { inputMode: 'decimal' })}
            {draft.rewardKind === 'bonus' ? field('wageringMultiple', t('editor.wageringMultiple'), { inputMode: 'decimal' }) : null}
            {draft.rewardKind === 'bonus' ? field('expiryDays', t('editor.expiryDays'), { inputMode: 'numeric' }) : null}
            {draft.type === 'red_envelope' ? field('envelopeShares', t('editor.envelopeShares'), { inputMode: 'numeric' }) : null}
            {draft.type === 'deposit_match' ? field('matchPercent', t('editor.matchPercent'), { inputMode: 'numeric' }) : null}
            {field('rewardExpiryDays', t('editor.rewardExpiryDays'), { inputMode: 'numeric' })}
          </div>
          {draft.type === 'deposit_match' ? <Checkbox label={t('editor.firstDepositOnly')} checked={draft.firstDepositOnly} onChange={(event) => set('firstDepositOnly', event.target.checked)} data-testid="promotion-firstDepositOnly" /> : null}
          {draft.type === 'deposit_match' ? <p className="bo-muted pr-note">{t('editor.matchExplain')}</p> : null}
          {draft.type === 'rebate' || draft.type === 'cashback' ? <PeriodicPanel promotion={promotion?.type === draft.type ? promotion : null} type={draft.type} /> : null}
          {isGamePromotionType(draft.type) ? <GamesPrizesPanel promotionId={promotion?.type === draft.type ? promotion.id : null} type={draft.type} /> : null}
          <h3>{t('editor.sectionTexts')}</h3>
          {(['pt', 'en'] as const).map((language) => (
            <fieldset key={language} className="pr-texts">
              <legend>{language === 'pt' ? t('editor.textsPt') : t('editor.textsEn')}</legend>
              <TextField label={t('editor.titleField')} value={draft.texts[language].title} maxLength={120} onChange={(event) => setText(language, 'title', event.target.value)} data-testid={`promotion-title-${language}`} />
              <TextField label={t('editor.summary')} value={draft.texts[language].summary} maxLength={300} onChange={(event) => setText(language, 'summary', event.target.value)} data-testid={`promotion-summary-${language}`} />
              <TextField label={t('editor.textImage')} value={draft.texts[language].imageUrl} maxLength={500} onChange={(event) => setText(language, 'imageUrl', event.target.value)} data-testid={`promotion-image-${language}`} />
              <TextBox label={t('editor.html')} value={draft.texts[language].html} onChange={(value) => setText(language, 'html', value)} mono rows={4} maxLength={50_000} testId={`promotion-html-${language}`} className="pr-html" />
            </fieldset>
          ))}
          <ErrorLine error={save.error} testId="promotion-save-error" />
          <FieldProblems error={save.error} />
        </div>
        <PromotionPreview draft={draft} language={previewLanguage} onLanguage={setPreviewLanguage} />
      </div>
    </ActionDialog>
  );
}
