import type pg from 'pg';

/**
 * The VIP recompute's data set (bench:vip, bench:loyalty): `members` members ('vb' || n) with
 * `days` days of play each in agents_member_day (as the agents' rollup writes it, on the site days
 * before today) spread so members land on every demo level, and two credited deposits each.
 */
export async function seedVipMembers(client: pg.Client, members: number, days: number): Promise<void> {
  await client.query(`insert into accounts_member (account, nickname, password_hash) select 'vb' || n, 'vb' || n, 'x' from generate_series(1, $1::int) as n`, [members]);
  // Valid bet spread so members land on every level: up to R$ 300 a day × (1 … 60) by member (site days before today).
  await client.query(
    `insert into agents_member_day (day, member_id, bets, stake, payout, valid_bet)
     select (now() at time zone 'America/Sao_Paulo')::date - d, m.id, 10, v, 0, v
     from accounts_member m cross join generate_series(1, $1::int) as d
     cross join lateral (select (((m.id * 7919 + d * 104729) % 30000) * (1 + m.id % 60))::bigint as v) as amount
     where m.account like 'vb%'`,
    [days],
  );
  await client.query(
    `insert into payments_deposit (member_id, request_id, amount, status, provider, txid, br_code, expires_at, credited_at)
     select m.id, 'bench' || m.id || 'n' || k, (1000 + (m.id * 31 + k) % 400000) * (1 + m.id % 20), 'credited', 'bench', lpad(m.id::text || 'x' || k, 30, '0'), 'x', now(), now() - interval '3 days'
     from accounts_member m cross join generate_series(1, 2) as k where m.account like 'vb%'`,
  );
  await client.query('analyze');
}

/** Runs `work`, printing its label, seconds and result; answers the result and the seconds. */
export async function timed<T>(label: string, work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const start = performance.now();
  const result = await work();
  const seconds = (performance.now() - start) / 1000;
  console.log(`${label.padEnd(52)} ${seconds.toFixed(2).padStart(7)} s   ${JSON.stringify(result, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`);
  return { result, seconds };
}

/** Members per rank, "0: 123, 1: 456, …". */
export async function membersPerLevel(client: pg.Client): Promise<string> {
  return (await client.query<{ rank: number; members: string }>('select rank, count(*)::text as members from vip_member group by rank order by rank')).rows.map((row) => `${row.rank}: ${row.members}`).join(', ');
}
