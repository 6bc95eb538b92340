import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MISSION_GOALS, MISSION_KINDS, MISSION_PRODUCT_TYPES, MISSION_REWARD_KINDS, MONEY_GOALS, type AdminMission, type AdminMissionInput, type MissionGoal, type MissionKind, type MissionProductType, type MissionRewardKind } from '@app/contracts';
import { Button, Checkbox, SelectField, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { ErrorLine } from '../../shared/components/page.tsx';
import { ApiError } from '../../shared/api.ts';
import { useSaveMission } from './missions.api.ts';

interface Draft {
  kind: MissionKind;
  titlePt: string;
  titleEn: string;
  descriptionPt: string;
  descriptionEn: string;
  goal: MissionGoal;
  productType: MissionProductType | 'any';
  target: string;
  rewardKind: MissionRewardKind;
  rewardAmount: string;
  wagering: string;
  startsOn: string;
  endsOn: string;
  sort: string;
  active: boolean;
}
type Field = keyof Draft;

const PRODUCT_GOALS: readonly MissionGoal[] = ['valid_bet', 'games_played'];

function draftOf(mission: AdminMission | null): Draft {
  return {
    kind: mission?.kind ?? 'daily',
    titlePt: mission?.titlePt ?? '',
    titleEn: mission?.titleEn ?? '',
    descriptionPt: mission?.descriptionPt ?? '',
    descriptionEn: mission?.descriptionEn ?? '',
    goal: mission?.goal ?? 'valid_bet',
    productType: mission?.productType ?? 'any',
    target: mission?.target ?? '',
    rewardKind: mission?.reward.kind ?? 'bonus',
    rewardAmount: mission?.reward.amount ?? '',
    wagering: String(mission?.reward.wageringMultiple ?? 1),
    startsOn: mission?.startsOn ?? '',
    endsOn: mission?.endsOn ?? '',
    sort: String(mission?.sort ?? 0),
    active: mission?.active ?? true,
  };
}

/** "50", "50,5" or "1.234,50" as the API's "50.50"; anything else as typed (the check below or the server names it). */
function moneyOf(text: string): string {
  const plain = text.trim().replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Number(plain).toFixed(2) : text.trim();
}
const wholeOf = (text: string) => text.trim().replace(/\.(?=\d{3}$)/g, '');

function inputOf(draft: Draft): AdminMissionInput {
  const money = MONEY_GOALS.includes(draft.goal);
  return {
    kind: draft.kind,
    titlePt: draft.titlePt.trim(),
    titleEn: draft.titleEn.trim(),
    descriptionPt: draft.descriptionPt.trim(),
    descriptionEn: draft.descriptionEn.trim(),
    goal: draft.goal,
    productType: PRODUCT_GOALS.includes(draft.goal) && draft.productType !== 'any' ? draft.productType : null,
    target: money ? moneyOf(draft.target) : wholeOf(draft.target),
    reward: { kind: draft.rewardKind, amount: draft.rewardKind === 'bonus' ? moneyOf(draft.rewardAmount) : wholeOf(draft.rewardAmount), wageringMultiple: draft.rewardKind === 'bonus' ? Number(draft.wagering.trim().replace(',', '.')) : 0 },
    startsOn: draft.kind === 'one_off' ? draft.startsOn || null : null,
    endsOn: draft.kind === 'one_off' ? draft.endsOn || null : null,
    active: draft.active,
    sort: Number(draft.sort) || 0,
  };
}

/** What is wrong before sending, as the server would say it (errors:missions.*), by field. */
function problemsOf(input: AdminMissionInput): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  for (const field of ['titlePt', 'titleEn'] as const) {
    if (input[field] === '') problems[field] = 'missions.title_required';
    else if (input[field].length > 120) problems[field] = 'missions.title_too_long';
  }
  const money = MONEY_GOALS.includes(input.goal);
  if (money ? !/^\d{1,12}\.\d{2}$/.test(input.target) || Number(input.target) <= 0 : !/^\d{1,9}$/.test(input.target) || Number(input.target) < 1) problems.target = 'missions.target_invalid';
  const { reward } = input;
  if (reward.kind === 'bonus' ? !/^\d{1,12}\.\d{2}$/.test(reward.amount) || Number(reward.amount) <= 0 : !/^\d{1,12}$/.test(reward.amount) || Number(reward.amount) < 1) problems.rewardAmount = 'missions.reward_invalid';
  if (reward.kind === 'bonus' && !(Number.isFinite(reward.wageringMultiple) && (reward.wageringMultiple ?? 0) >= 0 && (reward.wageringMultiple ?? 0) <= 1000)) problems.wagering = 'missions.reward_invalid';
  if (input.kind === 'one_off') {
    if (!input.startsOn) problems.startsOn = 'missions.date_invalid';
    if (!input.endsOn || (input.startsOn && input.endsOn < input.startsOn)) problems.endsOn = 'missions.date_invalid';
  }
  return problems;
}

/** The server's refusal on the field it concerns: a schema path (validation.failed) or the code's own field. */
const CODE_FIELDS: Record<string, Field> = { 'missions.target_invalid': 'target', 'missions.reward_invalid': 'rewardAmount', 'missions.date_invalid': 'endsOn', 'missions.title_required': 'titlePt', 'missions.title_too_long': 'titlePt' };
const PATH_FIELDS: Record<string, Field> = { titlePt: 'titlePt', titleEn: 'titleEn', descriptionPt: 'descriptionPt', descriptionEn: 'descriptionEn', target: 'target', 'reward.amount': 'rewardAmount', 'reward.wageringMultiple': 'wagering', startsOn: 'startsOn', endsOn: 'endsOn', sort: 'sort', productType: 'productType' };

function serverProblems(error: unknown): Partial<Record<Field, string>> {
  if (!(error instanceof ApiError)) return {};
  if (error.code === 'validation.failed' && Array.isArray(error.details?.fields)) {
    const problems: Partial<Record<Field, string>> = {};
    for (const item of error.details.fields as { path?: unknown; message?: unknown }[]) {
      const field = PATH_FIELDS[String(item.path ?? '').replace(/^body\./, '')];
      if (field) problems[field] = typeof item.message === 'string' && item.message.startsWith('missions.') ? item.message : 'missions.invalid';
    }
    return problems;
  }
  const field = CODE_FIELDS[error.code];
  return field ? { [field]: error.code } : {};
}

/** Create or edit a mission: checked here first, then by the server, each problem under its field. */
export function MissionEditor({ mission, onClose }: { mission: AdminMission | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-missions', 'errors']);
  const save = useSaveMission();
  const [draft, setDraft] = useState<Draft>(() => draftOf(mission));
  const [checked, setChecked] = useState(false);
  const input = inputOf(draft);
  const local = checked ? problemsOf(input) : {};
  const remote = serverProblems(save.error);
  const problems = { ...remote, ...local };
  // A code the server sends is no key TypeScript knows: exists() checks it at run time.
  const message = (field: Field): string | null => {
    const code = problems[field];
    if (!code) return null;
    const key = `errors:${code}`;
    return t(key as never, { defaultValue: t('errors:missions.invalid') }) as string;
  };
  const set = <K extends Field>(field: K, value: Draft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const text = (field: Exclude<Field, 'kind' | 'goal' | 'productType' | 'rewardKind' | 'active'>, label: string, props: { inputMode?: 'decimal' | 'numeric'; type?: string; hint?: string } = {}) => (
    <TextField label={label} value={draft[field]} onChange={(event) => set(field, event.target.value)} error={message(field)} errorTestId={`mission-${field}-error`} data-testid={`mission-${field}`} {...props} />
  );
  const money = MONEY_GOALS.includes(draft.goal);
  const onSave = () => {
    setChecked(true);
    if (Object.keys(problemsOf(input)).length > 0) return;
    save.mutate({ id: mission?.id ?? null, input }, { onSuccess: onClose });
  };
  // A refusal that names a field shows under it; any other (a missing mission, a lost session) below the form.
  const unplaced = save.error && Object.keys(remote).length === 0 ? save.error : null;

  return (
    <ActionDialog
      title={mission ? t('editor.editTitle') : t('editor.createTitle')}
      testId="mission-editor"
      size="lg"
      onClose={onClose}
      action={
        <Button disabled={save.isPending} onClick={onSave} data-testid="mission-save">
          {t('editor.save')}
        </Button>
      }
    >
      <div className="ms-grid">
        <SelectField label={t('editor.kind')} value={draft.kind} onValueChange={(value) => set('kind', value)} options={MISSION_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))} data-testid="mission-kind" />
        {text('titlePt', t('editor.titlePt'))}
        {text('titleEn', t('editor.titleEn'))}
        {text('descriptionPt', t('editor.descriptionPt'))}
        {text('descriptionEn', t('editor.descriptionEn'))}
        <SelectField label={t('editor.goal')} value={draft.goal} onValueChange={(value) => set('goal', value)} options={MISSION_GOALS.map((value) => ({ value, label: t(`goals.${value}`) }))} data-testid="mission-goal" />
        {PRODUCT_GOALS.includes(draft.goal) ? (
          <SelectField
            label={t('editor.productType')}
            value={draft.productType}
            onValueChange={(value) => set('productType', value)}
            options={(['any', ...MISSION_PRODUCT_TYPES] as const).map((value) => ({ value, label: t(`products.${value}`) }))}
            data-testid="mission-productType"
          />
        ) : null}
        {text('target', money ? t('editor.targetMoney') : t('editor.targetCount'), { inputMode: money ? 'decimal' : 'numeric' })}
        <SelectField label={t('editor.rewardKind')} value={draft.rewardKind} onValueChange={(value) => set('rewardKind', value)} options={MISSION_REWARD_KINDS.map((value) => ({ value, label: t(`rewardKinds.${value}`) }))} data-testid="mission-rewardKind" />
        {text('rewardAmount', draft.rewardKind === 'bonus' ? t('editor.rewardBonus') : t('editor.rewardPoints'), { inputMode: draft.rewardKind === 'bonus' ? 'decimal' : 'numeric' })}
        {draft.rewardKind === 'bonus' ? text('wagering', t('editor.wagering'), { inputMode: 'decimal' }) : null}
        {draft.kind === 'one_off' ? (
          <>
            {text('startsOn', t('editor.startsOn'), { type: 'date' })}
            {text('endsOn', t('editor.endsOn'), { type: 'date' })}
          </>
        ) : null}
        {text('sort', t('editor.sort'), { inputMode: 'numeric' })}
        <Checkbox label={t('editor.active')} checked={draft.active} onChange={(event) => set('active', event.target.checked)} data-testid="mission-active" />
      </div>
      <p className="bo-muted bo-small">{t('editor.hint')}</p>
      {Object.keys(problems).length > 0 ? (
        <p className="bo-error" role="alert" data-testid="mission-problems">
          {t('editor.problems')}
        </p>
      ) : null}
      <ErrorLine error={unplaced} testId="mission-error" />
    </ActionDialog>
  );
}
