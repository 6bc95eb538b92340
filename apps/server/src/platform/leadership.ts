import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from './logger.ts';

/**
 * One leader at a time, across every process (the crash game's rounds, the live tables'): the
 * leader holds a session-level PostgreSQL advisory lock (`lockKey`) on a connection of its own.
 * If the process dies, PostgreSQL drops the connection and the lock with it, and the next process
 * to poll takes over where the rounds stand in the database. If the leader loses its connection, it stops leading at once (its signal aborts);
 * its phase changes are conditional, so a late write from it changes nothing.
 */
const HEARTBEAT_MS = 2000;

export function startLeadership(deps: { name: string; lockKey: number; connectionString: string; logger: Logger; pollMs: number; lead: (signal: AbortSignal) => Promise<void> }) {
  const { name, lockKey } = deps;
  const logger = deps.logger.child({ component: `${name}-leader` });
  const stopping = new AbortController();
  let leading: AbortController | undefined;
  let client: pg.Client | undefined;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: deps.connectionString, application_name: `${name}-leader`, keepAlive: true });
    const lost = () => {
      leading?.abort(new Error(`${name} leader connection lost`));
      if (client === next) client = undefined;
    };
    next.on('error', (error) => {
      logger.warn({ err: error }, `${name} leader connection error`);
      lost();
    });
    next.on('end', lost);
    await next.connect();
    return next;
  }

  async function leadWhileLocked(lockClient: pg.Client): Promise<void> {
    const controller = new AbortController();
    leading = controller;
    const heartbeat = setInterval(() => {
      lockClient.query('select 1').catch(() => controller.abort(new Error(`${name} leader heartbeat failed`)));
    }, HEARTBEAT_MS);
    const onStop = () => controller.abort(new Error('stopping'));
    stopping.signal.addEventListener('abort', onStop);
    logger.info(`leading: ${name}`);
    try {
      await deps.lead(controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) logger.error({ err: error }, `${name} leader failed; letting go of the lead`);
    } finally {
      clearInterval(heartbeat);
      stopping.signal.removeEventListener('abort', onStop);
      leading = undefined;
      await lockClient.query('select pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
    }
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        client ??= await connect();
        const result = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [lockKey]);
        if (result.rows[0]?.got) await leadWhileLocked(client);
      } catch (error) {
        logger.warn({ err: error }, `${name} leadership check failed`);
        await client?.end().catch(() => undefined);
        client = undefined;
      }
      await sleep(deps.pollMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();

  return {
    isLeading: () => leading !== undefined,
    async stop() {
      stopping.abort();
      await loop;
      await client?.end().catch(() => undefined);
    },
  };
}

export type Leadership = ReturnType<typeof startLeadership>;
