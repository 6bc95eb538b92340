import type { Core } from '../../src/compose.ts';
import { DEMO_VENDOR_CODE, DEMO_VENDOR_GAME, signBody } from '../../src/modules/provider/index.ts';
import type { HttpApp } from '../../src/platform/http/app.ts';
import type { Caller } from './callers.ts';
import type { Hints } from './json-schema.ts';

/**
 * Values that exist on the fuzzed site, so some valid requests reach real records. The member and
 * the agent open the demo vendor's game and the vendor authenticates them, as a real launch does:
 * signed provider calls with their ids then reach their wallets.
 */
export async function hintsFor(core: Core, app: HttpApp, member: Caller, agent: Caller, vendorSecret: string): Promise<Hints> {
  const games = await core.db.selectFrom('catalogue_game').select(['id', 'game_code']).limit(20).execute();
  const tokens: string[] = [];
  for (const player of [member, agent]) {
    const launch = await app.inject({ method: 'POST', url: '/api/games/launch', headers: player.headers, payload: { vendor: DEMO_VENDOR_CODE, gameCode: DEMO_VENDOR_GAME } });
    if (launch.statusCode !== 200) throw new Error(`demo game launch: ${launch.body}`);
    const token = launch.json<{ vendorToken: string }>().vendorToken;
    const payload = JSON.stringify({ token });
    const authenticated = await app.inject({ method: 'POST', url: `/provider/v1/${DEMO_VENDOR_CODE}/authenticate`, headers: { 'content-type': 'application/json', 'x-signature': signBody(vendorSecret, payload) }, payload });
    if (authenticated.statusCode !== 200) throw new Error(`demo vendor authenticate: ${authenticated.body}`);
    tokens.push(token);
  }
  const accounts = [member.account, agent.account, 'demo', 'agent'].filter((account): account is string => account !== undefined);
  const ids = [member.id, agent.id].filter((id) => id !== undefined).map(String);
  return {
    token: tokens,
    vendorCode: [DEMO_VENDOR_CODE, 'HOUSE'],
    vendor: ['DEMOVENDOR', 'HOUSE', 'house'],
    code: ['DEMOVENDOR', 'HOUSE'],
    gameCode: [DEMO_VENDOR_GAME, 'crash', 'dice', 'plinko', 'mines', ...games.map((game) => game.game_code)],
    nodeId: games.map((game) => String(game.id)),
    account: accounts,
    username: accounts,
    playerId: ids,
    memberId: ids,
    id: ['1', '2', ...ids],
  };
}

/** Fields of answers whose values later requests use, as the parameters and body fields named here. */
const HARVESTED: Record<string, string[]> = {
  id: ['id'],
  code: ['code'],
  account: ['account'],
  imageId: ['imageId'],
  fileId: ['fileId'],
  refereeId: ['refereeId'],
  rank: ['rank'],
  nodeId: ['nodeId'],
  slot: ['slot'],
  kind: ['kind'],
  gameCode: ['gameCode'],
  vendor: ['vendor'],
  prizeMode: ['prizeMode'],
  betType: ['betType'],
  vendorToken: ['token'],
  playerId: ['playerId'],
  transactionId: ['transactionId', 'originalTransactionId'],
  roundId: ['roundId'],
  requestId: ['requestId'],
};
const HARVEST_MAX = 40;

/** Adds the ids and codes of a 2xx JSON answer to the hints (each list bounded, newest kept). */
export function harvest(hints: Hints, body: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return;
  }
  const visit = (value: unknown, depth: number) => {
    if (depth > 5 || typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      const names = HARVESTED[key];
      if (names && (typeof item === 'string' || typeof item === 'number') && String(item).length <= 100) {
        for (const name of names) {
          const list = (hints[name] ??= []);
          if (!list.includes(String(item))) {
            list.push(String(item));
            if (list.length > HARVEST_MAX) list.shift();
          }
        }
      } else visit(item, depth + 1);
    }
  };
  visit(parsed, 0);
}
