import type { HouseRound } from '@app/contracts';
import { DICE_TARGET_RANGE, findMiniGame, hundredths, LIMBO_TARGET_RANGE, MINES_COUNT_RANGE, MINES_GAME, PLINKO_ROWS, SLOT_GAMES, type PlinkoRisk } from '@app/house-games';
import type { Language } from '@app/i18n';
import { toCents } from '../payments/index.ts';
import { parseAmountInput } from '../wallet/index.ts';
import { miniGameCodeOf, miniParamsOf } from './verify.ts';

/** The verifier form as typed: every field a string, checked on submit. */
export interface VerifyFields {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  /** The game to replay: a slot machine (HouseRound.machine) or a mini game code (dados, limbo, plinko). */
  machine: string;
  /** Slots only. */
  lineBet: string;
  /** Dados: 'over' | 'under', and the target as typed ("50,00"). */
  diceDirection: string;
  diceTarget: string;
  /** Limbo: the target multiplier as typed ("2,00"). */
  limboTarget: string;
  /** Plinko: rows ("8", "12", "16") and risk ('low' | 'medium' | 'high'). */
  plinkoRows: string;
  plinkoRisk: string;
  /** Mines: how many mines the round was started with ("1" … "24"). */
  mineCount: string;
}

export const PLINKO_RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];
export const PLINKO_ROW_OPTIONS: readonly string[] = PLINKO_ROWS.map(String);
export const MINE_COUNT_OPTIONS: readonly string[] = Array.from({ length: MINES_COUNT_RANGE.max - MINES_COUNT_RANGE.min + 1 }, (_, index) => String(index + MINES_COUNT_RANGE.min));

/** A decimal from the API ("0.20", "49.50") as the player writes it: "0,20" in Portuguese. */
export function decimalForInput(value: string, language: Language): string {
  return language === 'pt' ? value.replace('.', ',') : value;
}

/** "0.20" as the player writes it: "0,20" in Portuguese. */
export function lineBetForInput(amount: string, language: Language): string {
  return decimalForInput(amount, language);
}

/** Whether the verifier replays `machine` as a one-step mini game (otherwise as Mines or a slot). */
export function isMiniGame(machine: string): boolean {
  return findMiniGame(machine) !== undefined;
}

/** Whether the verifier places the mines of a Mines board. */
export function isMinesGame(machine: string): boolean {
  return machine === MINES_GAME.code;
}

export function emptyVerifyFields(language: Language): VerifyFields {
  return {
    serverSeed: '',
    serverSeedHash: '',
    clientSeed: '',
    nonce: '0',
    machine: SLOT_GAMES[0]?.code ?? '',
    lineBet: lineBetForInput('0.20', language),
    diceDirection: 'over',
    diceTarget: decimalForInput('50.00', language),
    limboTarget: decimalForInput('2.00', language),
    plinkoRows: '8',
    plinkoRisk: 'medium',
    mineCount: '3',
  };
}

/**
 * A stored round's seeds, game and bet choices (a slot's line bet, a mini game's parameters read
 * back from its result); the server seed stays empty until revealed. Fields the round does not
 * set keep the defaults.
 */
export function fieldsFromRound(round: HouseRound, language: Language): VerifyFields {
  const seeds = {
    ...emptyVerifyFields(language),
    serverSeed: round.fairness.serverSeed ?? '',
    serverSeedHash: round.fairness.serverSeedHash,
    clientSeed: round.fairness.clientSeed,
    nonce: String(round.fairness.nonce),
  };
  const { outcome } = round;
  if (!('kind' in outcome)) return { ...seeds, machine: round.machine, lineBet: lineBetForInput(outcome.lineBet, language) };
  if (outcome.kind === 'mines') return { ...seeds, machine: MINES_GAME.code, mineCount: String(outcome.result.mineCount) };
  const fields = { ...seeds, machine: miniGameCodeOf(outcome.kind) ?? round.machine };
  const params = miniParamsOf(outcome);
  if (params === null) return fields;
  const text = (value: string | number | undefined, fallback: string) => (value === undefined ? fallback : String(value));
  switch (outcome.kind) {
    case 'dados':
      return { ...fields, diceDirection: text(params.direction, fields.diceDirection), diceTarget: decimalForInput(text(params.target, fields.diceTarget), language) };
    case 'limbo':
      return { ...fields, limboTarget: decimalForInput(text(params.target, fields.limboTarget), language) };
    case 'plinko':
      return { ...fields, plinkoRows: text(params.rows, fields.plinkoRows), plinkoRisk: text(params.risk, fields.plinkoRisk) };
  }
}

/** A revealed pair, starting at its first bet; the game and its bet choices are kept from the form. */
export function fieldsFromSeeds(seeds: { serverSeed: string; serverSeedHash: string; clientSeed: string }, current: VerifyFields): VerifyFields {
  return { ...current, serverSeed: seeds.serverSeed, serverSeedHash: seeds.serverSeedHash, clientSeed: seeds.clientSeed, nonce: '0' };
}

/** A nonce as typed: a whole number from 0, or null. */
export function parseNonce(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** A line bet as typed ("0,20", "0.2"): centavos above zero, or null. */
export function parseLineBet(text: string): bigint | null {
  const amount = parseAmountInput(text);
  const cents = amount === null ? null : toCents(amount);
  return cents !== null && cents > 0n ? cents : null;
}

/** A target as typed ("49,5", "2"): hundredths within [min, max], or null. No thousands separators. */
function parseTarget(text: string, range: { min: number; max: number }): string | null {
  const trimmed = text.trim();
  const normalised = trimmed.includes('.') ? trimmed : trimmed.replace(',', '.');
  const value = hundredths(normalised);
  if (value === undefined || value < range.min || value > range.max) return null;
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

/** The dice target as typed, as the server takes it ("50.00"): 2.00 to 98.00, or null. */
export function parseDiceTarget(text: string): string | null {
  return parseTarget(text, DICE_TARGET_RANGE);
}

/** The limbo target as typed, as the server takes it ("2.00"): 1.01 to 1,000,000.00, or null. */
export function parseLimboTarget(text: string): string | null {
  return parseTarget(text, LIMBO_TARGET_RANGE);
}

export type MiniParamsCheck = { ok: true; params: Record<string, string | number> } | { ok: false; field: 'target' };

/** The mini game's parameters from the form, as the server took them; the field to correct otherwise. */
export function miniParamsFromFields(fields: VerifyFields): MiniParamsCheck {
  switch (miniGameCodeOf(fields.machine)) {
    case 'dados': {
      const target = parseDiceTarget(fields.diceTarget);
      return target === null ? { ok: false, field: 'target' } : { ok: true, params: { direction: fields.diceDirection, target } };
    }
    case 'limbo': {
      const target = parseLimboTarget(fields.limboTarget);
      return target === null ? { ok: false, field: 'target' } : { ok: true, params: { target } };
    }
    default:
      // Plinko (and anything else): selects only; the engine refuses what it does not know.
      return { ok: true, params: { rows: Number(fields.plinkoRows), risk: fields.plinkoRisk } };
  }
}
