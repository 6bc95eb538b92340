import { findMiniGame, findSlotGame, MINES_GAME, MINI_GAMES, SLOT_GAMES, type SlotSymbol } from '@app/house-games';
import type { Language } from '@app/i18n';

/** A house game's name (slot machine or mini game) in the player's language; the code itself for a game this build does not know. */
export function machineName(machine: string, language: Language): string {
  if (machine === MINES_GAME.code) return MINES_GAME.name[language];
  return (findSlotGame(machine) ?? findMiniGame(machine))?.name[language] ?? machine;
}

/** The games the verifier can replay, slots then mini games, named in the player's language. */
export function machineOptions(language: Language, extra?: string): { value: string; label: string }[] {
  const options = [...SLOT_GAMES, ...MINI_GAMES, MINES_GAME].map((game) => ({ value: game.code, label: game.name[language] }));
  // A round from a game this build does not know stays selectable: the verifier then says so.
  if (extra && !options.some((option) => option.value === extra)) options.push({ value: extra, label: extra });
  return options;
}

export interface SymbolLabel {
  id: string;
  name: string;
  kind: SlotSymbol['kind'] | 'unknown';
}

/** A window's symbol id ("WI") as the player reads it ("Máscara do Faraó"). */
export function symbolLabel(machine: string, id: string, language: Language): SymbolLabel {
  const symbol = findSlotGame(machine)?.symbols.find((candidate) => candidate.id === id);
  return symbol ? { id, name: symbol.name[language], kind: symbol.kind } : { id, name: id, kind: 'unknown' };
}
