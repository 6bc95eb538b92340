import pg from 'pg';

/**
 * Settled play for the loyalty benches (bench:points, bench:loyalty): rounds written to
 * provider_round as the provider's callbacks leave them, so its trigger records the agents' facts
 * (agents_v_settled_play) that points, missions and VIP progress read.
 */
export const GAME_TYPES = ['RNG', 'CRASH', 'FISH', 'LIVE', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT'];

/** `rounds` settled rounds over `members` members from `first` on, in one statement (round ids 'b' || n). */
export async function writeBacklog(client: pg.Client, first: string, members: number, rounds: number): Promise<void> {
  await client.query(
    `insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, closed_at)
     select 'BENCHV', $1::bigint + (n % $2::int), 'b' || n, 'g', ($3::text[])[1 + n % 10], 500 + (n % 50) * 100, (n % 3) * 400, 'settled', now()
     from generate_series(1, $4::int) as n`,
    [first, members, GAME_TYPES, rounds],
  );
}

/** Each writer transaction: its rounds 'l' || from … 'l' || to and when it committed (Date.now()). */
export interface Commit {
  from: number;
  to: number;
  at: number;
}

/**
 * Writers settling rounds at `rate` rounds/s (`writers` connections, `perTransaction` rounds each,
 * bet R$ 10, win R$ 5: valid bet R$ 5 a round) until `until` (Date.now() ms). Round ids 'l' || n.
 */
export async function settleLive(options: { databaseUrl: string; first: string; members: number; rate: number; until: number; writers?: number; perTransaction?: number }): Promise<{ written: number; commits: Commit[] }> {
  const writers = options.writers ?? 10;
  const perTransaction = options.perTransaction ?? 20;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: writers });
  const commits: Commit[] = [];
  let written = 0;
  let serial = 0;
  const interval = (writers * perTransaction * 1000) / options.rate;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      let next = Date.now() + (writer * interval) / writers;
      while (Date.now() < options.until) {
        const wait = next - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        next += interval;
        const base = (serial += perTransaction);
        await pool.query(
          `insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, closed_at)
           select 'BENCHV', $1::bigint + ((n * 7919) % $2::int), 'l' || n, 'g', ($3::text[])[1 + n % 10], 1000, 500, 'settled', now()
           from generate_series($4::int, $5::int) as n`,
          [options.first, options.members, GAME_TYPES, base - perTransaction + 1, base],
        );
        commits.push({ from: base - perTransaction + 1, to: base, at: Date.now() });
        written += perTransaction;
      }
    }),
  );
  await pool.end();
  return { written, commits };
}

/** Runs `pass` about once a second (the next at once when one took longer), as the workers' jobs do, until `until`. */
export async function everySecond<T>(until: number, pass: () => Promise<T>, record: (result: T, began: number, ended: number) => Promise<void> | void): Promise<void> {
  while (Date.now() < until) {
    const began = Date.now();
    const result = await pass();
    const ended = Date.now();
    await record(result, began, ended);
    await new Promise((resolve) => setTimeout(resolve, Math.max(50, 1000 - (ended - began))));
  }
}

/** The live facts (round ids 'l…') with their member, valid bet and settlement time (ms). */
export async function liveFacts(client: pg.Client): Promise<{ seq: bigint; round: number; memberId: string; validBet: bigint; settled: number }[]> {
  const rows = (
    await client.query<{ seq: string; round_id: string; member_id: string; valid_bet: string; settled: string }>(
      `select seq::text, round_id, member_id::text, valid_bet::text, (extract(epoch from settled_at) * 1000)::float8::text as settled
       from agents_v_settled_play where round_id like 'l%' order by seq`,
    )
  ).rows;
  return rows.map((row) => ({ seq: BigInt(row.seq), round: Number(row.round_id.slice(1)), memberId: row.member_id, validBet: BigInt(row.valid_bet), settled: Number(row.settled) }));
}

/** p50 / p95 / max of lags in ms (whole ms). */
export function percentiles(lags: number[]): { p50: number; p95: number; max: number } {
  const sorted = [...lags].sort((a, b) => a - b);
  const pct = (p: number) => (sorted.length === 0 ? NaN : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!));
  return { p50: pct(50), p95: pct(95), max: Math.round(sorted.at(-1) ?? NaN) };
}

export const lagLine = (lags: number[]) => {
  const { p50, p95, max } = percentiles(lags);
  return `p50 ${p50} ms, p95 ${p95} ms, max ${max} ms`;
};
