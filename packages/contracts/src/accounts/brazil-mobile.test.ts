import { describe, expect, it } from 'vitest';
import { formatBrMobile, isValidBrMobile, normalizeBrMobile } from './brazil-mobile.ts';

/** ANATEL's assigned DDDs, listed by hand to check the regex independently. */
const ASSIGNED_DDDS = [
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46,
  47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85,
  86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
];

describe('Brazilian mobile numbers', () => {
  it.each([
    ['(11) 96123-4567', '+5511961234567'],
    ['+55 11 96123-4567', '+5511961234567'],
    ['+55 (11) 96123-4567', '+5511961234567'],
    ['+5511961234567', '+5511961234567'],
    ['5511961234567', '+5511961234567'],
    ['11961234567', '+5511961234567'],
    ['11 9.6123.4567', '+5511961234567'],
    ['  (21) 99876-5432  ', '+5521998765432'],
    ['(55) 99123-4567', '+5555991234567'],
  ])('normalizes %s', (input, e164) => {
    expect(normalizeBrMobile(input)).toBe(e164);
    expect(isValidBrMobile(input)).toBe(true);
  });

  it.each([
    ['(11) 3123-4567', 'a landline'],
    ['(23) 96123-4567', 'DDD 23 is unassigned'],
    ['(10) 96123-4567', 'DDD 10 is unassigned'],
    ['(11) 86123-4567', 'the subscriber number does not start with 9'],
    ['(11) 961234-5678', 'too many digits'],
    ['(11) 9612-3456', 'too few digits'],
    ['+1 (11) 96123-4567', 'a foreign country code'],
    ['+44 11 96123-4567', 'a foreign country code'],
    ['0 11 96123-4567', 'a trunk prefix makes 12 digits'],
    ['5611961234567', '13 digits that do not start with 55'],
    ['11abc961234567', 'letters'],
    ['11 96123-4567 ramal 2', 'extra words'],
    ['11+961234567', "a '+' in the middle"],
    ['', 'empty'],
    ["11961234567' OR 1=1 --", 'an injection suffix'],
    ['<script>11961234567</script>', 'markup'],
    ['${11961234567}', 'a template'],
    ['１１９６１２３４５６７', 'full-width digits'],
    ['11961234567\u200B', 'a zero-width space'],
    ['📱11961234567', 'an emoji'],
  ])('rejects %s (%s)', (input) => {
    expect(normalizeBrMobile(input)).toBeNull();
    expect(isValidBrMobile(input)).toBe(false);
  });

  it('accepts exactly the assigned DDDs', () => {
    for (let ddd = 10; ddd <= 99; ddd += 1) {
      expect(isValidBrMobile(`(${ddd}) 96123-4567`), `DDD ${ddd}`).toBe(ASSIGNED_DDDS.includes(ddd));
    }
  });

  it('formats E.164 as (DD) 9XXXX-XXXX and round-trips', () => {
    expect(formatBrMobile('+5511961234567')).toBe('(11) 96123-4567');
    for (const ddd of ASSIGNED_DDDS) {
      const e164 = `+55${ddd}987654321`;
      expect(normalizeBrMobile(formatBrMobile(e164))).toBe(e164);
    }
    expect(formatBrMobile('11961234567')).toBe('11961234567');
    expect(formatBrMobile('+441234567890')).toBe('+441234567890');
  });
});
