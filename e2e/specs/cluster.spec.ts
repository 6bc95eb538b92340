import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { CLUSTER_APIS, CLUSTER_NATS_PORT, CLUSTER_STATE_FILE, type ClusterState } from '../cluster-paths.ts';
import { registerMember, sql } from '../fixtures/accounts.ts';
import { fund } from '../fixtures/rounds.ts';
import { expect, logIn, open, SCREENSHOT_DIR, test } from '../fixtures/site.ts';

/**
 * Issue 28: the site as three API processes behind nginx (`npm run cluster`). A member's /ws
 * socket is held by one process (its hello names it); a crash bet is answered by another (the
 * answer's x-served-by); the balance change reaches the socket anyway, through the event bus
 * (the cluster's nats-server here; LISTEN/NOTIFY when npm run cluster runs without CLUSTER_NATS).
 * Then the process holding the socket is killed -9: the page reloads, a bet still goes through,
 * and the cluster starts the dead process again. Last the worker leading the crash rounds is
 * killed -9: the standby worker takes the lead and the next round takes a bet.
 *
 * nginx balances by least connections and the open socket counts as one, so the bet usually goes
 * elsewhere; when it lands on the socket's own process the journey bets again in the next round
 * (up to four): no routing rule is bent to make the proof.
 */
test.skip(process.env.E2E_CLUSTER !== '1', 'the cluster journey runs with e2e/playwright.cluster.config.ts (npm run cluster behind it)');

interface Socket {
  servedBy: string | undefined;
  authenticated: boolean;
  closed: boolean;
  balances: { cash: string; at: number }[];
}

function watchSockets(page: Page): Socket[] {
  const sockets: Socket[] = [];
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.endsWith('/ws')) return;
    const socket: Socket = { servedBy: undefined, authenticated: false, closed: false, balances: [] };
    sockets.push(socket);
    ws.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type?: string; servedBy?: string; cash?: string };
      if (message.type === 'hello') socket.servedBy = message.servedBy;
      if (message.type === 'auth.ok') socket.authenticated = true;
      if (message.type === 'wallet.balance_changed' && message.cash) socket.balances.push({ cash: message.cash, at: Date.now() });
    });
    ws.on('close', () => {
      socket.closed = true;
    });
  });
  return sockets;
}

/** The open socket of the page once it is bound to the member (auth.ok), and which process holds it. */
async function liveSocket(sockets: Socket[]): Promise<Socket & { servedBy: string }> {
  await expect.poll(() => sockets.some((socket) => !socket.closed && socket.authenticated && socket.servedBy), { timeout: 20_000 }).toBe(true);
  return sockets.findLast((socket) => !socket.closed && socket.authenticated && socket.servedBy) as Socket & { servedBy: string };
}

const readState = (): ClusterState => JSON.parse(readFileSync(CLUSTER_STATE_FILE, 'utf8')) as ClusterState;

/**
 * The OS process leading the crash rounds: the leader holds an advisory lock on a connection of
 * its own (application_name crash-leader); its client port names the process on this machine.
 */
async function crashLeaderPid(): Promise<number | undefined> {
  const rows = await sql<{ port: number }>(
    `select a.client_port as port from pg_stat_activity a
       join pg_locks l on l.pid = a.pid and l.locktype = 'advisory' and l.granted
      where a.application_name = 'crash-leader'`,
  );
  const port = rows[0]?.port;
  if (!port) return undefined;
  const owner = /pid=(\d+)/.exec(execFileSync('ss', ['-Htnp', `sport = :${port}`], { encoding: 'utf8' }))?.[1];
  return owner ? Number(owner) : undefined;
}

/**
 * The longest wait for a betting window: a round runs until its crash point, and the curve reaches
 * the 1000.00× cap after about 115 s (1 % of rounds run past 100×, 77 s); then 1 s of pause. A
 * shorter wait failed CI once when a round ran past 60 s (36×), which is the game, not a fault.
 */
const NEXT_BETTING_WINDOW_MS = 125_000;

/** Bets 1,00 in the next betting phase; answers the bet's HTTP response. */
async function betInNextRound(page: Page): Promise<Response> {
  await expect(page.getByTestId('crash-phase')).toHaveAttribute('data-phase', 'betting', { timeout: NEXT_BETTING_WINDOW_MS });
  await page.getByTestId('crash-amount').fill('1,00');
  const [response] = await Promise.all([
    page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/crash/bet' && answer.request().method() === 'POST'),
    page.getByTestId('crash-bet-button').click(),
  ]);
  expect(response.status(), 'the bet is accepted').toBe(200);
  await expect(page.getByTestId('crash-bet-status')).toHaveAttribute('data-status', 'placed');
  return response;
}

test('crash through three API processes: the bet on one, the balance pushed by another, and a kill -9 the site lives through', async ({ page }) => {
  const sockets = watchSockets(page);
  const member = await registerMember();
  await fund(member.account, '20.00');
  await logIn(page, member.account, member.password);
  await expect(page.getByTestId('balance')).toContainText('20,00');

  await open(page, '/seamless?vendor=HOUSE&gameCode=crash');
  await expect(page.getByTestId('crash-screen')).toBeVisible();
  const socket = await liveSocket(sockets);
  const holder = socket.servedBy;
  expect(readState().apis.map((api) => api.name)).toContain(holder);
  // The events cross processes through the cluster's nats-server: every API process is its client.
  const natsClients = execFileSync('ss', ['-Htn', 'state', 'established', `( dport = :${CLUSTER_NATS_PORT} )`], { encoding: 'utf8' }).split('\n').filter(Boolean);
  expect(natsClients.length, 'connections to nats-server').toBeGreaterThanOrEqual(CLUSTER_APIS);

  // Bets until one is answered by a process other than the socket's.
  let cash = 20;
  let betServedBy: string | undefined;
  for (let round = 0; round < 4 && (betServedBy === undefined || betServedBy === holder); round += 1) {
    const pushesBefore = socket.balances.length;
    const response = await betInNextRound(page);
    cash -= 1;
    betServedBy = response.headers()['x-served-by'];
    const expected = `${cash.toFixed(2)}`;
    // The debit's balance, pushed on the socket held by `holder`, whichever process took the bet.
    await expect.poll(() => socket.balances.slice(pushesBefore).map((push) => push.cash), { message: `a balance push of ${expected} on ${holder}'s socket` }).toContain(expected);
    await expect(page.getByTestId('crash-balance-value')).toContainText(`${cash},00`);
    console.log(`round ${round + 1}: socket on ${holder}, bet answered by ${betServedBy}, balance ${expected} pushed on the socket`);
  }
  expect(betServedBy, 'a bet answered by a process that does not hold the socket').not.toBe(holder);
  expect(socket.closed).toBe(false);

  // kill -9 the process holding the socket: the socket drops, the site keeps serving.
  const victim = readState().apis.find((api) => api.name === holder);
  expect(victim?.pid).toBeTruthy();
  process.kill(victim!.pid!, 'SIGKILL');
  await expect.poll(() => socket.closed, { message: `${holder}'s socket closes when it dies` }).toBe(true);

  await page.reload();
  await expect(page.getByTestId('crash-screen')).toBeVisible();
  await expect(page.getByTestId('crash-balance-value')).toContainText(`${cash},00`);
  const after = await liveSocket(sockets);
  const pushesBefore = after.balances.length;
  const response = await betInNextRound(page);
  cash -= 1;
  await expect.poll(() => after.balances.slice(pushesBefore).map((push) => push.cash)).toContain(cash.toFixed(2));
  await expect(page.getByTestId('crash-balance-value')).toContainText(`${cash},00`);
  console.log(`after kill -9 of ${holder} (pid ${victim!.pid}): socket on ${after.servedBy}, bet answered by ${response.headers()['x-served-by']}`);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'cluster-crash-desktop.png') });

  // kill -9 the worker leading the crash rounds: the other worker takes the lead (advisory lock),
  // and the next round opens for bets.
  const workers = readState().workers;
  let leader: number | undefined;
  await expect.poll(async () => (leader = await crashLeaderPid()), { message: 'a worker leads the crash rounds' }).toBeTruthy();
  const leadingWorker = workers.find((worker) => worker.pid === leader);
  expect(leadingWorker, `the crash leader (pid ${leader}) is one of the workers ${JSON.stringify(workers)}`).toBeTruthy();
  process.kill(leader!, 'SIGKILL');
  await expect.poll(async () => (await crashLeaderPid()) ?? leader, { message: 'another process takes the crash lead', timeout: 20_000 }).not.toBe(leader);
  const successor = await crashLeaderPid();
  const pushesBeforeFailover = after.balances.length;
  await betInNextRound(page);
  cash -= 1;
  await expect.poll(() => after.balances.slice(pushesBeforeFailover).map((push) => push.cash)).toContain(cash.toFixed(2));
  await expect(page.getByTestId('crash-balance-value')).toContainText(`${cash},00`);
  console.log(`after kill -9 of ${leadingWorker!.name} (crash leader, pid ${leader}): ${workers.find((worker) => worker.pid === successor)?.name ?? `pid ${successor}`} leads, a bet went through`);

  // The cluster starts the dead process again, on its own port.
  await expect
    .poll(
      async () => {
        const again = readState().apis.find((api) => api.name === holder);
        if (!again?.pid || again.pid === victim!.pid) return 'not restarted';
        const health = await fetch(`http://127.0.0.1:${again.port}/healthz`).catch(() => undefined);
        return health?.status === 200 ? 'serving' : 'starting';
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe('serving');

  // The crash page through the cluster at a phone's width (loaded at that width: no drawer mid-slide).
  await page.setViewportSize({ width: 412, height: 915 });
  await page.reload();
  await expect(page.getByTestId('crash-balance-value')).toContainText(`${cash},00`);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'cluster-crash-phone.png') });
});
