/** "/slot/VENDOR/game-code[?demo=1]": a launch the site plays itself (house game server). */
export function parseSlotUrl(url: string): { vendor: string; gameCode: string; demo: boolean } | null {
  const match = /^\/slot\/([A-Za-z0-9_]{1,40})\/([A-Za-z0-9_.:%-]{1,240})(\?demo=1)?$/.exec(url);
  if (!match) return null;
  try {
    return { vendor: match[1]!, gameCode: decodeURIComponent(match[2]!), demo: match[3] !== undefined };
  } catch {
    return null;
  }
}
