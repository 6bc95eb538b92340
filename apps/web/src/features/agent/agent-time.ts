/** The operator's clock for the agent header: offset label ("GMT-03:00") and wall time. */

function safeTimeZone(timeZone: string): string | undefined {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    // An unknown zone from the server must not break the page: use the browser's own.
    return undefined;
  }
}

export function gmtOffsetLabel(date: Date, timeZone: string): string {
  const zone = safeTimeZone(timeZone);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(date);
  const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  // Intl writes UTC itself as plain "GMT"; show the explicit offset like every other zone.
  return name === 'GMT' ? 'GMT+00:00' : name;
}

export function formatClock(date: Date, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: safeTimeZone(timeZone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
