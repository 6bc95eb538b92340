import { AppError } from '@app/kernel';
import type { MoneyAnswer, ProviderCallResult, ProviderClient } from './provider-client.ts';

/**
 * The member's session at the vendor, opened the way any vendor opens one: the catalogue issues a
 * launch token, the vendor redeems it with authenticate. Bets answered INVALID_TOKEN (no session
 * yet, or it expired) open one and try once more.
 */
export function createHouseSessions(deps: {
  client: ProviderClient;
  issueLaunchToken: (memberId: bigint, vendorCode: string, gameCode: string) => Promise<string | undefined>;
  assertAgeVerified?: (memberId: bigint) => Promise<void>;
}) {
  async function open(memberId: bigint, vendor: string, gameCode: string): Promise<void> {
    const token = await deps.issueLaunchToken(memberId, vendor, gameCode);
    if (!token) throw new AppError('house.game_not_found', 'the game is not in the catalogue');
    const answer = await deps.client.authenticate(vendor, token);
    if (!answer.ok) {
      if (answer.code === 'PLAYER_BLOCKED') throw new AppError('house.play_refused', 'the player may not play');
      throw new AppError('house.provider_unavailable', `authenticate refused: ${answer.code}`);
    }
  }

  type BetRequest = Parameters<ProviderClient['bet']>[1];
  async function bet(vendor: string, memberId: bigint, request: BetRequest): Promise<ProviderCallResult<MoneyAnswer>> {
    let answer = await deps.client.bet(vendor, request);
    if (!answer.ok && answer.code === 'INVALID_TOKEN') {
      await open(memberId, vendor, request.gameCode);
      answer = await deps.client.bet(vendor, request);
    }
    // The protocol says only PLAYER_BLOCKED; the member is told when it is their missing identity.
    if (!answer.ok && answer.code === 'PLAYER_BLOCKED') await deps.assertAgeVerified?.(memberId);
    return answer;
  }

  return { open, bet };
}

export type HouseSessions = ReturnType<typeof createHouseSessions>;
