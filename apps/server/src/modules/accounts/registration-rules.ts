import {
  DEFAULT_FIELD_RULES,
  isFlagEnabled,
  REGISTRATION_FIELDS,
  type FieldRule,
  type WhitelabelFlag,
} from '@app/contracts';

export interface RegistrationMethods {
  username: boolean;
  mobile: boolean;
  mobilePassword: boolean;
  smsVerification: boolean;
}

export function registrationMethods(flags: readonly WhitelabelFlag[]): RegistrationMethods {
  return {
    username: isFlagEnabled(flags, 'USERNAMEREG3'),
    mobile: isFlagEnabled(flags, 'MOBILENUMREG3'),
    mobilePassword: isFlagEnabled(flags, 'MOBILENUMPASSREG3'),
    smsVerification: isFlagEnabled(flags, 'REGMOBVERF3'),
  };
}

/**
 * The rules in force: defaults, then the operator's overrides, then what the method implies
 * (mobile registration needs the number, has no username, and has a password only when the
 * MOBILENUMPASSREG3 flag is on). Captcha and SMS code travel outside the field list.
 */
export function effectiveFieldRules(overrides: readonly FieldRule[], method: 'username' | 'mobile', methods: RegistrationMethods): FieldRule[] {
  const byField = new Map<string, FieldRule>(REGISTRATION_FIELDS.map((field) => [field, { ...DEFAULT_FIELD_RULES[field] }]));
  for (const override of overrides) if (byField.has(override.field)) byField.set(override.field, { ...override });
  const set = (field: string, change: Partial<FieldRule>) => {
    const rule = byField.get(field);
    if (rule) byField.set(field, { ...rule, ...change });
  };
  for (const field of ['captcha', 'verificationCode', 'referralCode', 'recommenderId']) set(field, { enabled: false });
  if (method === 'mobile') {
    set('username', { enabled: false });
    set('mobileNum', { enabled: true, required: true });
    set('password', { enabled: methods.mobilePassword, required: methods.mobilePassword });
    set('confirmPassword', { enabled: methods.mobilePassword, required: methods.mobilePassword });
  } else {
    set('username', { enabled: true, required: true });
    set('password', { enabled: true, required: true });
  }
  const enabled = [...byField.values()].filter((rule) => rule.enabled);
  // Mobile registration leads with the number it is named after; the form follows this order.
  return method === 'mobile' ? [...enabled.filter((rule) => rule.field === 'mobileNum'), ...enabled.filter((rule) => rule.field !== 'mobileNum')] : enabled;
}
