import { useTranslation } from 'react-i18next';
import { acceptedPatternFor, DEFAULT_FIELD_RULES, REG_PATTERN_IDS, REGISTRATION_FIELDS, type FieldRule, type RegistrationField, type RegPatternId, type Settings } from '@app/contracts';
import { Checkbox, SelectField, TextField } from '@app/ui';
import { SettingCard } from './setting-card.tsx';
import { SettingsLayout } from './settings-layout.tsx';

/** Fields the server sets itself whatever the rules say (registration-rules.ts effectiveFieldRules). */
type ManagedField = 'captcha' | 'verificationCode' | 'referralCode' | 'recommenderId';
const MANAGED: ReadonlySet<RegistrationField> = new Set<ManagedField>(['captcha', 'verificationCode', 'referralCode', 'recommenderId']);
const EDITABLE = REGISTRATION_FIELDS.filter((field): field is Exclude<RegistrationField, ManagedField> => !MANAGED.has(field));
const RULE_COLUMNS = ['field', 'enabled', 'required', 'pattern', 'minLength', 'maxLength'] as const;

interface RuleDraft {
  enabled: boolean;
  required: boolean;
  patternId: RegPatternId;
  minLength: string;
  maxLength: string;
}
interface RegistrationDraft {
  captchaRequired: boolean;
  affiliateValidation: boolean;
  confirm21: boolean;
  rules: Record<string, RuleDraft>;
  /** Stored rules for fields this page does not edit: saved back untouched. */
  kept: FieldRule[];
}

function fromValue(value: Settings['registration']): RegistrationDraft {
  const rules: Record<string, RuleDraft> = {};
  for (const field of EDITABLE) {
    const rule = value.fields.find((candidate) => candidate.field === field) ?? DEFAULT_FIELD_RULES[field];
    rules[field] = { enabled: rule.enabled, required: rule.required, patternId: rule.patternId, minLength: String(rule.minLength), maxLength: String(rule.maxLength) };
  }
  const kept = value.fields.filter((rule) => !(EDITABLE as readonly string[]).includes(rule.field));
  return { captchaRequired: value.captchaRequired, affiliateValidation: value.affiliateValidation, confirm21: value.confirm21, rules, kept };
}

function ruleOf(field: RegistrationField, draft: RuleDraft): FieldRule {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  return { field, enabled: draft.enabled, required: draft.required, patternId: draft.patternId, acceptedPattern: acceptedPatternFor(draft.patternId), minLength: number(draft.minLength), maxLength: number(draft.maxLength) };
}

const sameRule = (a: FieldRule, b: FieldRule) => a.enabled === b.enabled && a.required === b.required && a.patternId === b.patternId && a.minLength === b.minLength && a.maxLength === b.maxLength && a.acceptedPattern === b.acceptedPattern;

/** Only the rules that differ from the defaults are stored, so later default changes still reach the rest. */
function overrides(draft: RegistrationDraft): FieldRule[] {
  return [...EDITABLE.map((field) => ruleOf(field, draft.rules[field] as RuleDraft)).filter((rule) => !sameRule(rule, DEFAULT_FIELD_RULES[rule.field as RegistrationField])), ...draft.kept];
}

const toValue = (draft: RegistrationDraft) => ({ fields: overrides(draft), captchaRequired: draft.captchaRequired, affiliateValidation: draft.affiliateValidation, confirm21: draft.confirm21 });

/** `fields.3.minLength` (the stored list) as the row it came from: `rules.email.minLength`. */
function mapPath(path: string, draft: RegistrationDraft): string {
  const match = /^fields\.(\d+)\.?(.*)$/.exec(path);
  if (!match) return path;
  const rule = overrides(draft)[Number(match[1])];
  return rule ? `rules.${rule.field}${match[2] ? `.${match[2]}` : ''}` : path;
}

/** Registration form rules: which fields, required or not, their pattern and length (settings.manage). */
export default function RegistrationSettingsPage() {
  const { t } = useTranslation(['admin-settings', 'validation']);
  return (
    <SettingsLayout page="registration">
      {(settings) =>
        settings.registration ? (
          <SettingCard settingKey="registration" value={settings.registration} fromValue={fromValue} toValue={toValue} mapPath={mapPath} formatText={(path) => (path.endsWith('minLength') ? t('formats.minAboveMax') : undefined)}>
            {({ draft, setDraft, errors }) => {
              const setRule = (field: string, patch: Partial<RuleDraft>) => setDraft({ ...draft, rules: { ...draft.rules, [field]: { ...(draft.rules[field] as RuleDraft), ...patch } } });
              return (
                <>
                  <div className="st-grid">
                    <Checkbox label={t('registration.captchaRequired')} checked={draft.captchaRequired} onChange={(event) => setDraft({ ...draft, captchaRequired: event.target.checked })} data-testid="settings-registration-captcha" />
                    <Checkbox label={t('registration.affiliateValidation')} checked={draft.affiliateValidation} onChange={(event) => setDraft({ ...draft, affiliateValidation: event.target.checked })} data-testid="settings-registration-affiliate" />
                    <Checkbox label={t('registration.confirm21')} checked={draft.confirm21} onChange={(event) => setDraft({ ...draft, confirm21: event.target.checked })} data-testid="settings-registration-confirm21" />
                  </div>
                  <p className="bo-muted">{t('registration.rulesIntro')}</p>
                  <div className="st-rules" role="table" aria-label={t('registration.rulesLabel')}>
                    <div className="st-rules__row st-rules__head" role="row">
                      {RULE_COLUMNS.map((column) => (
                        <span key={column} role="columnheader">
                          {t(`registration.columns.${column}`)}
                        </span>
                      ))}
                    </div>
                    {EDITABLE.map((field) => {
                      const rule = draft.rules[field] as RuleDraft;
                      const changed = !sameRule(ruleOf(field, rule), DEFAULT_FIELD_RULES[field]);
                      const lengthError = errors[`rules.${field}.minLength`] ?? errors[`rules.${field}.maxLength`] ?? errors[`rules.${field}`];
                      return (
                        <div key={field} className={`st-rules__row${changed ? ' st-rules__row--changed' : ''}`} role="row" data-testid={`settings-rule-${field}`}>
                          <span role="cell" className="st-rules__field">
                            <strong>{t(`registration.fields.${field}`)}</strong>
                            <small className="bo-muted">{t(`validation:${rule.patternId}`, { min: rule.minLength, max: rule.maxLength })}</small>
                          </span>
                          <span role="cell">
                            <Checkbox label={t('registration.columns.enabled')} checked={rule.enabled} onChange={(event) => setRule(field, { enabled: event.target.checked })} data-testid={`settings-rule-${field}-enabled`} />
                          </span>
                          <span role="cell">
                            <Checkbox label={t('registration.columns.required')} checked={rule.required} onChange={(event) => setRule(field, { required: event.target.checked })} data-testid={`settings-rule-${field}-required`} />
                          </span>
                          <span role="cell">
                            <SelectField<RegPatternId> label={t('registration.columns.pattern')} value={rule.patternId} onValueChange={(patternId) => setRule(field, { patternId })} options={REG_PATTERN_IDS.map((id) => ({ value: id, label: t(`patterns.${id}`) }))} data-testid={`settings-rule-${field}-pattern`} />
                          </span>
                          <span role="cell">
                            <TextField label={t('registration.columns.minLength')} type="number" inputMode="numeric" min={0} value={rule.minLength} onChange={(event) => setRule(field, { minLength: event.target.value })} error={lengthError} errorTestId={`settings-rule-${field}-error`} data-testid={`settings-rule-${field}-min`} />
                          </span>
                          <span role="cell">
                            <TextField label={t('registration.columns.maxLength')} type="number" inputMode="numeric" min={1} value={rule.maxLength} onChange={(event) => setRule(field, { maxLength: event.target.value })} data-testid={`settings-rule-${field}-max`} />
                          </span>
                        </div>
                      );
                    })}
                  </div>
                  <p className="bo-muted st-note">{t('registration.managed')}</p>
                </>
              );
            }}
          </SettingCard>
        ) : null
      }
    </SettingsLayout>
  );
}
