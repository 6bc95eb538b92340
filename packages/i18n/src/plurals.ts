/** The part of an initialised i18next instance this needs (the package does not depend on i18next). */
interface PluralInstance {
  services: { pluralResolver: unknown };
  options: { pluralSeparator?: string };
}

/**
 * Brazilian usage counts zero in the plural ("0 jogadores", "0 apostas"), but CLDR, which
 * i18next follows through Intl.PluralRules, files Portuguese 0 under "one" (for "0,5 dia"), so
 * every counted text said "0 jogador". Called once on an initialised instance (the player site and
 * the console): Portuguese counts of exactly zero take the "other" form; ordinals and other
 * languages are untouched.
 */
export function countZeroAsPluralInPortuguese(instance: PluralInstance): void {
  const resolver = instance.services.pluralResolver as { getSuffix: (code: string, count: number, options?: { ordinal?: boolean }) => string };
  const separator = instance.options.pluralSeparator ?? '_';
  const getSuffix = resolver.getSuffix.bind(resolver);
  resolver.getSuffix = (code, count, options) => (count === 0 && !options?.ordinal && (code === 'pt' || code.startsWith('pt-')) ? `${separator}other` : getSuffix(code, count, options));
}
