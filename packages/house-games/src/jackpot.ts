/**
 * The progressive jackpot's draw on an eligible bet, on the bet's own seeds but in its own
 * message namespace ("clientSeed:nonce:jackpot"), so it never changes the game's outcome: a bet of
 * b centavos hits when the first 4 bytes of HMAC-SHA256(serverSeed, "clientSeed:nonce:jackpot"),
 * read as a big-endian uint32 u, satisfy u < floor(2³² × b / odds): probability b / odds.
 */
export function jackpotMessage(clientSeed: string, nonce: number): string {
  return `${clientSeed}:${nonce}:jackpot`;
}

export function jackpotThreshold(bet: bigint, oddsCents: bigint): bigint {
  const threshold = (2n ** 32n * bet) / oddsCents;
  return threshold > 2n ** 32n ? 2n ** 32n : threshold;
}

export function jackpotHit(digest: Uint8Array, bet: bigint, oddsCents: bigint): boolean {
  const u = ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;
  return BigInt(u) < jackpotThreshold(bet, oddsCents);
}
