/** "96.50" → "96,50%" in Portuguese; Intl formats the decimal string without a float round trip. */
export function formatPercent(value: string, locale: string): string {
  if (!/^\d+(\.\d+)?$/.test(value)) return value;
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value as `${number}`);
  return `${number}%`;
}
