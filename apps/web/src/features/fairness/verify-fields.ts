import type { HouseRound } from '@app/contracts';
import { SLOT_GAMES } from '@app/house-games';
import type { Language } from '@app/i18n';
import { toCents } from '../payments/amount.ts';
import { parseAmountInput } from '../wallet/amount-input.ts';

/** The verifier form as typed: every field a string, checked on submit. */
export interface VerifyFields {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  machine: string;
  lineBet: string;
}

/** "0.20" as the player writes it: "0,20" in Portuguese. */
export function lineBetForInput(amount: string, language: Language): string {
  return language === 'pt' ? amount.replace('.', ',') : amount;
}

export function emptyVerifyFields(language: Language): VerifyFields {
  return { serverSeed: '', serverSeedHash: '', clientSeed: '', nonce: '0', machine: SLOT_GAMES[0]?.code ?? '', lineBet: lineBetForInput('0.20', language) };
}

/** A stored round's seeds, machine and line bet; the server seed stays empty until revealed. */
export function fieldsFromRound(round: HouseRound, language: Language): VerifyFields {
  return {
    serverSeed: round.fairness.serverSeed ?? '',
    serverSeedHash: round.fairness.serverSeedHash,
    clientSeed: round.fairness.clientSeed,
    nonce: String(round.fairness.nonce),
    machine: round.machine,
    lineBet: lineBetForInput(round.outcome.lineBet, language),
  };
}

/** A revealed pair, starting at its first bet; machine and line bet are kept from the form. */
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
