import { randomInt } from 'node:crypto';
import { composeCore } from '../src/compose.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createLogger } from '../src/platform/logger.ts';
import { betJournal, winJournal } from './wallet-journals.ts';

/**
 * A wallet process under continuous load, for the durability test (which SIGKILLs it).
 * Usage: node --import tsx wallet-load-child.ts <databaseUrl> <key prefix> <member id,member id,…>
 * Keeps IN_FLIGHT group-committed posts going (bets and wins, unique keys) and prints one JSON
 * line per acknowledged post the moment its promise resolves: {k, t, m, a, j, s}. Writes to a
 * pipe are synchronous on Linux, so a printed line is an acknowledgement the parent will read.
 */
const IN_FLIGHT = 64;
const GIVE_UP_MS = 60_000;

const [databaseUrl, prefix, memberList] = process.argv.slice(2);
if (!databaseUrl || !prefix || !memberList) {
  console.error('usage: wallet-load-child.ts <databaseUrl> <key prefix> <member ids>');
  process.exit(2);
}
const members = memberList.split(',').map(BigInt);

// Never outlive a parent that forgot us.
setTimeout(() => process.exit(3), GIVE_UP_MS);

const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
const core = await composeCore({ config, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl });
const wallet = core.modules.wallet.api;

let sequence = 0;
async function keepPosting() {
  for (;;) {
    const n = sequence;
    sequence += 1;
    const member = members[randomInt(members.length)]!;
    const type = randomInt(3) === 0 ? 'win' : 'bet';
    const amount = BigInt(randomInt(1, 800));
    const key = `${prefix}:${type}:${n}`;
    try {
      const result = await wallet.submit(type === 'bet' ? betJournal(member, key, amount) : winJournal(member, key, amount));
      process.stdout.write(`${JSON.stringify({ k: key, t: type, m: member.toString(), a: amount.toString(), j: result.journalId.toString(), s: result.status })}\n`);
    } catch (error) {
      // Not acknowledged: the parent neither expects nor forbids this key.
      process.stderr.write(`post ${key} failed: ${String((error as { code?: string }).code ?? error)}\n`);
    }
  }
}

await Promise.all(Array.from({ length: IN_FLIGHT }, keepPosting));
