import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { ProviderError, type EndRoundRequest, type EndRoundResponse } from './provider.wire.ts';

/** Rounds per statement: a longer list is ended in several (each its own commit). */
const END_ROUNDS_STATEMENT = 5_000;

/** A round's status after the call as the protocol's answer. */
function answerOf(roundId: string, status: string | null): EndRoundResponse | ProviderError {
  if (status === 'settled' || status === 'rolled_back') return { roundId, roundStatus: status };
  // 'open': another call reopened the round meanwhile (a rollback of its win): not ended.
  if (status === 'open') return new ProviderError('TRANSACTION_CONFLICT', 'the round was reopened meanwhile: retry');
  return new ProviderError('INVALID_REQUEST', 'no round with a bet by this player at this vendor');
}

/**
 * The protocol's endRound (docs/provider-integration.md): a round over with nothing more to pay.
 * No money moves, so there is no transaction to store: the round itself is the idempotency (an
 * open round is closed, a closed or rolled-back one stays as it is, each call answers its state).
 * One statement per list (sql/provider/provider_end_rounds.sql) whether the HTTP action sends one
 * round or a settlement in process sends thousands — for our products the cheapest close of a
 * losing ticket's round: no stored answer, no balance to read, no ledger.
 */
export function createRoundEnd(deps: { db: Db }) {
  /** Each request's answer, or its refusal, in order. */
  async function endRounds(vendorCode: string, requests: readonly EndRoundRequest[]): Promise<Array<EndRoundResponse | ProviderError>> {
    const answers: Array<EndRoundResponse | ProviderError> = [];
    for (let start = 0; start < requests.length; start += END_ROUNDS_STATEMENT) {
      const part = requests.slice(start, start + END_ROUNDS_STATEMENT);
      const calls = part.map((request) => ({ member: request.playerId, round: request.roundId }));
      const result = await sql<{ i: string; round_status: string | null }>`
        select i::text, round_status from provider_end_rounds(${vendorCode}, ${JSON.stringify(calls)}::jsonb) order by i`.execute(deps.db);
      result.rows.forEach((row, position) => answers.push(answerOf(part[position]!.roundId, row.round_status)));
    }
    return answers;
  }

  return {
    endRounds,
    async endRound(vendorCode: string, request: EndRoundRequest): Promise<EndRoundResponse> {
      const [answer] = await endRounds(vendorCode, [request]);
      if (answer instanceof ProviderError) throw answer;
      return answer!;
    },
  };
}

export type RoundEnd = ReturnType<typeof createRoundEnd>;
