/**
 * A player's name as other players see it (winners boards, crash players): "joana" → "jo***a",
 * "ana" → "a***": enough to recognise oneself, not enough to find anyone.
 */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars.at(-1)}`;
}
