/**
 * Brazilian CPF (Cadastro de Pessoas Físicas): 9 base digits plus 2 check digits.
 * Shared by the server and the SPA, so pure string work only.
 */

/** People type CPFs with or without "###.###.###-##" punctuation; these separators are dropped. */
const CPF_SEPARATORS = /[.\- ]/g;

/**
 * One check digit over `digits`: weights run from digits.length + 1 down to 2,
 * r = (sum × 10) mod 11, and 10 becomes 0 (Receita Federal's rule).
 */
export function cpfCheckDigit(digits: readonly number[]): number {
  let sum = 0;
  const firstWeight = digits.length + 1;
  digits.forEach((digit, index) => {
    sum += digit * (firstWeight - index);
  });
  const remainder = (sum * 10) % 11;
  return remainder === 10 ? 0 : remainder;
}

/** The 11 digits of a CPF with valid check digits, or null (letters, wrong length, repdigits, bad DV). */
export function normalizeCpf(input: string): string | null {
  const digits = input.replace(CPF_SEPARATORS, '');
  if (!/^[0-9]{11}$/.test(digits)) return null;
  // 000.000.000-00 … 999.999.999-99 pass the arithmetic but are never issued.
  if (/^(\d)\1{10}$/.test(digits)) return null;
  const numbers = [...digits].map(Number);
  const dv1 = cpfCheckDigit(numbers.slice(0, 9));
  const dv2 = cpfCheckDigit(numbers.slice(0, 10));
  return numbers[9] === dv1 && numbers[10] === dv2 ? digits : null;
}

export function isValidCpf(input: string): boolean {
  return normalizeCpf(input) !== null;
}

/** '52998224725' → '529.982.247-25'. Anything that is not 11 digits comes back unchanged. */
/** '52998224725' → '***.982.247-**': the middle digits, as receipts and PSPs show a CPF. */
export function maskCpf(cpf: string): string {
  return `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
}

export function formatCpf(digits: string): string {
  const match = /^(\d{3})(\d{3})(\d{3})(\d{2})$/.exec(digits);
  return match ? `${match[1]}.${match[2]}.${match[3]}-${match[4]}` : digits;
}

/** Appends both check digits to a 9-digit base (used by tests and seed data). */
export function completeCpf(base9: string): string {
  if (!/^[0-9]{9}$/.test(base9)) throw new RangeError('A CPF base has exactly 9 digits');
  const numbers = [...base9].map(Number);
  const dv1 = cpfCheckDigit(numbers);
  const dv2 = cpfCheckDigit([...numbers, dv1]);
  return `${base9}${dv1}${dv2}`;
}
