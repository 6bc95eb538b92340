import { composeHttp } from '../apps/server/src/compose-http.ts';
import { composeCore } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';

/**
 * The API process the HTTP benchmarks load (catalogue, provider, crash and live tables /ws): a child process so that the load
 * generator does not share its event loop. Prints {"port": N} once listening; SIGTERM stops it.
 */
const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const logger = createLogger({ level: 'silent', pretty: false });
const core = await composeCore({ config, logger, databaseUrl: config.databaseUrl! });
const { app } = await composeHttp(core, { config, logger });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (process.env.BENCH_CRASH_LEADER === 'true') {
  // The crash benchmark: this process also leads the rounds (house games call its own provider API).
  core.modules.houseGames.api.setProviderUrl(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  await core.modules.houseGames.api.register();
  core.modules.houseGames.api.startCrashLeader();
}
if (process.env.BENCH_LIVE_LEADER === 'true') {
  // The live tables benchmark: this process leads the tables' rounds (and serves their /ws watchers).
  core.modules.liveTables.api.startLeader();
}
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.on('SIGTERM', () => {
  // The provider benchmark reads the group-commit counts (callbacks per statement) from here.
  console.log(JSON.stringify({ callbackStats: core.modules.provider.api.callbackStats() }));
  void app.close().then(() => core.close()).then(() => process.exit(0));
});
