import { formatCents } from '@app/kernel';
import { BOM, textCell } from './csv.ts';
import type { BettingRound, CompliancePorts, LedgerMovement, RegulatorBettor } from './compliance.ports.ts';

/**
 * The regulator extract (docs/regulator-extract.md): one day in the site's time zone, three
 * families inspired by SIGAP's — bets (sports and online games), wallet movements, bettors — each
 * as CSV (`,`, `.` decimals, ISO 8601 UTC instants, CRLF, UTF-8 with BOM) or JSON Lines-free JSON
 * ({ layout, day, timeZone, family, records: [...] }), streamed.
 */
export const LAYOUT_VERSION = 'compliance-extract/1';

export const BET_FIELDS = ['bet_id', 'bettor_id', 'category', 'vendor', 'game_code', 'game_type', 'stake', 'payout', 'net', 'status', 'placed_at', 'settled_at'] as const;
export const WALLET_FIELDS = ['movement_id', 'bettor_id', 'type', 'pocket', 'amount', 'balance_after', 'reference', 'product', 'vendor', 'at'] as const;
export const BETTOR_FIELDS = ['bettor_id', 'account', 'cpf', 'name', 'birth_date', 'status', 'registered_at'] as const;

type Family = 'bets' | 'wallet' | 'bettors';
type Fields = Record<string, string | null>;

/** The SIGAP family of a round: the sportsbook's rounds (or a vendor's SPORTS type) are sports; the lottery's are lottery (outside SIGAP's two, kept apart); everything else an online game. */
export function categoryOf(round: Pick<BettingRound, 'vendorCode' | 'gameType'>): 'sports' | 'lottery' | 'online_game' {
  if (round.vendorCode === 'SPORTSBOOK' || round.gameType === 'SPORTS') return 'sports';
  if (round.vendorCode === 'LOTT' || round.vendorCode === 'ELOTT') return 'lottery';
  return 'online_game';
}

/** Amounts: written as is ('-12.50' is ours, not a formula). */
const NUMERIC = new Set(['stake', 'payout', 'net', 'amount', 'balance_after']);

export function betRecord(round: BettingRound): Fields {
  const stake = round.status === 'rolled_back' ? 0n : round.bet;
  return {
    bet_id: `${round.vendorCode}:${round.roundId}`,
    bettor_id: round.memberId.toString(),
    category: categoryOf(round),
    vendor: round.vendorCode,
    game_code: round.gameCode,
    game_type: round.gameType,
    stake: formatCents(stake),
    payout: formatCents(round.win),
    net: formatCents(round.win - stake),
    status: round.status,
    placed_at: round.openedAt.toISOString(),
    settled_at: round.closedAt?.toISOString() ?? null,
  };
}

export function walletRecord(movement: LedgerMovement): Fields {
  return {
    movement_id: `${movement.journalId}:${movement.pocket}`,
    bettor_id: movement.memberId.toString(),
    type: movement.type,
    pocket: movement.pocket,
    amount: formatCents(movement.amount),
    balance_after: formatCents(movement.balanceAfter),
    reference: movement.reference,
    product: movement.product,
    vendor: movement.vendor,
    at: movement.createdAt.toISOString(),
  };
}

export function bettorRecord(bettor: RegulatorBettor): Fields {
  const birthday = bettor.birthday instanceof Date ? bettor.birthday.toISOString().slice(0, 10) : bettor.birthday;
  return {
    bettor_id: bettor.id.toString(),
    account: bettor.account,
    cpf: bettor.cpf,
    name: bettor.payee_name,
    birth_date: birthday,
    status: bettor.status,
    registered_at: bettor.created_at.toISOString(),
  };
}

const FIELDS: Record<Family, readonly string[]> = { bets: BET_FIELDS, wallet: WALLET_FIELDS, bettors: BETTOR_FIELDS };

/** The records of one family for [start, end), streamed; bettors are those with a bet or movement that day. */
async function* records(ports: Pick<CompliancePorts, 'ledger' | 'rounds' | 'bettorsOf'>, family: Family, start: Date, end: Date): AsyncGenerator<Fields> {
  if (family === 'bets') {
    for await (const round of ports.rounds.roundsBetween(start, end)) yield betRecord(round);
  } else if (family === 'wallet') {
    for await (const movement of ports.ledger.movementsBetween(start, end)) yield walletRecord(movement);
  } else {
    const ids = new Set<bigint>();
    for await (const round of ports.rounds.roundsBetween(start, end)) ids.add(round.memberId);
    for await (const movement of ports.ledger.movementsBetween(start, end)) ids.add(movement.memberId);
    const sorted = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (let i = 0; i < sorted.length; i += 1000) {
      for (const bettor of await ports.bettorsOf(sorted.slice(i, i + 1000))) yield bettorRecord(bettor);
    }
  }
}

export async function* extractCsv(ports: Pick<CompliancePorts, 'ledger' | 'rounds' | 'bettorsOf'>, family: Family, start: Date, end: Date): AsyncGenerator<string> {
  const fields = FIELDS[family];
  yield `${BOM}${fields.join(',')}\r\n`;
  for await (const record of records(ports, family, start, end)) {
    yield `${fields.map((field) => (NUMERIC.has(field) ? (record[field] ?? '') : textCell(record[field] ?? null, ','))).join(',')}\r\n`;
  }
}

export async function* extractJson(ports: Pick<CompliancePorts, 'ledger' | 'rounds' | 'bettorsOf'>, family: Family, day: string, timeZone: string, start: Date, end: Date): AsyncGenerator<string> {
  yield `{"layout":${JSON.stringify(LAYOUT_VERSION)},"family":${JSON.stringify(family)},"day":${JSON.stringify(day)},"timeZone":${JSON.stringify(timeZone)},"from":${JSON.stringify(start.toISOString())},"to":${JSON.stringify(end.toISOString())},"records":[`;
  let first = true;
  for await (const record of records(ports, family, start, end)) {
    yield `${first ? '' : ','}\n${JSON.stringify(record)}`;
    first = false;
  }
  yield '\n]}\n';
}
