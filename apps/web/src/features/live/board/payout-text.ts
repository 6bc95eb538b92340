/** "1:1", "0,95:1", "8:1" in the player's language. */
export function formatDecimalPayout(pays: number, language: string): string {
  const text = new Intl.NumberFormat(language === 'pt' ? 'pt-BR' : 'en-US', { maximumFractionDigits: 2 }).format(pays);
  return `${text}:1`;
}
