import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsFixture } from '../../../../test/agents-fixture.ts';
import { bearer, newOperatorSession, type TestPlayer } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';

/**
 * Settlement runs in the console: the runs with their results, a run's lines, and the re-run,
 * which pays only lines that are not paid. The proof is the ledger: after any number of re-runs
 * and replays each line has exactly one applied commission journal, and the money is where the
 * differential says. Each test has its own tree and its own period.
 */
let ctx: TestContext;
let fx: ReturnType<typeof agentsFixture>;
let finance: string;
/** A second finance operator: the checker of finance's re-run requests. */
let checker: string;
beforeAll(async () => {
  ctx = await createTestContext();
  fx = agentsFixture(ctx.core);
  finance = await newOperatorSession(ctx.core, ctx.app, 'finance');
  checker = await newOperatorSession(ctx.core, ctx.app, 'finance');
});
afterAll(() => ctx.close());

const settlement = () => ctx.core.modules.agents.api.settlement;
const day = (date: string) => ({ start: new Date(`${date}T03:00:00Z`), end: new Date(new Date(`${date}T03:00:00Z`).getTime() + 86_400_000) });
const noon = (date: string) => new Date(`${date}T15:00:00Z`);

function call(method: 'GET' | 'POST', url: string, payload?: unknown, token = finance) {
  return ctx.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}
const propose = (runId: bigint | string, body: object = { reason: 'retry after incident' }, token = finance) => call('POST', `/api/backoffice/agents/settlements/runs/${runId}/rerun`, body, token);
const approve = (id: string, token = checker) => call('POST', `/api/backoffice/approvals/${id}/approve`, undefined, token);
/**
 * A re-run is a maker-checker request: finance proposes, a second finance operator approves, and
 * the approval runs it. Answers the refusal of either step, or the re-run's result as the approval stored it.
 */
async function rerun(runId: bigint | string, body: object = { reason: 'retry after incident' }) {
  const proposal = await propose(runId, body);
  if (proposal.statusCode !== 202) return proposal;
  const approval = await approve(proposal.json().id);
  if (approval.statusCode !== 200) return approval;
  expect(approval.json().status).toBe('approved');
  return { statusCode: approval.statusCode, body: approval.body, json: () => approval.json().result };
}

/** A's tree: B under A, C under B, a member under C, daily contracts 1 % > 0.6 % > 0.3 %, 100.00 lost on `date`. */
async function threeLevels(date: string) {
  const a = await fx.agent();
  const b = await fx.agent(a);
  const c = await fx.agent(b);
  const m = await fx.member(c);
  await fx.grant(a, 'daily', [{ minValidBet: '0', minActive: 0, rate: '1' }]);
  await fx.contract(a, b, 'daily', [{ minValidBet: '0', minActive: 0, rate: '0.6' }]);
  await fx.contract(b, c, 'daily', [{ minValidBet: '0', minActive: 0, rate: '0.3' }]);
  await fx.round(m, 100_00n, 0n, noon(date));
  const runId = await settlement().settlePeriod('daily', day(date));
  if (runId === null) throw new Error('no run');
  const lines = await ctx.core.db.selectFrom('agents_settlement_line').select(['id', 'agent_id']).where('run_id', '=', runId).orderBy('id').execute();
  const lineOf = (agent: TestPlayer) => lines.find((line) => line.agent_id === agent.id)!.id;
  return { a, b, c, runId, lines: { a: lineOf(a), b: lineOf(b), c: lineOf(c) } };
}

/** Applied commission journals per line: the ledger's own record of what each line paid. */
async function appliedJournals(lineIds: bigint[]): Promise<number[]> {
  const counts: number[] = [];
  for (const id of lineIds) {
    const rows = await ctx.core.db.selectFrom('wallet_journal').select('status').where('idempotency_key', 'like', `commission:${id}:%`).where('status', '=', 'applied').execute();
    counts.push(rows.length);
  }
  return counts;
}

const cash = async (...players: TestPlayer[]) => Promise.all(players.map((player) => fx.cash(player)));
const audits = async (action: string, targetId: string) =>
  (await ctx.core.db.selectFrom('backoffice_audit').select(['action', 'details']).where('action', '=', action).where('target_id', '=', targetId).execute());

describe('settlement runs in the console', () => {
  it('lists runs with their results and a run with its lines; re-running a complete run pays nothing twice', async () => {
    const { a, b, c, runId, lines } = await threeLevels('2032-01-10');
    await settlement().payPending();
    expect(await cash(a, b, c)).toEqual([40n, 30n, 30n]);

    const list = await call('GET', '/api/backoffice/agents/settlements/runs?kind=daily&status=complete');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().content).toContainEqual(
      expect.objectContaining({ id: runId.toString(), kind: 'daily', version: 1, status: 'complete', lines: 3, paidLines: 3, pendingLines: 0, failedLines: 0, totalPaid: '1.90', totalDue: '0.00', attempts: 3 }),
    );
    expect((await call('GET', '/api/backoffice/agents/settlements/runs?status=failed')).json().content.map((run: { id: string }) => run.id)).not.toContain(runId.toString());

    const detail = await call('GET', `/api/backoffice/agents/settlements/runs/${runId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().total).toBe(3);
    expect(detail.json().lines.map((line: { agent: string; payer: string | null; amount: string; status: string; attempts: number; journalKey: string }) => [line.agent, line.payer, line.amount, line.status, line.attempts, line.journalKey])).toEqual([
      [a.account, null, '1.00', 'paid', 1, `commission:${lines.a}:1`],
      [b.account, a.account, '0.60', 'paid', 1, `commission:${lines.b}:1`],
      [c.account, b.account, '0.30', 'paid', 1, `commission:${lines.c}:1`],
    ]);

    for (let replay = 0; replay < 3; replay += 1) {
      const response = await rerun(runId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ counts: { paid: 0, insufficient: 0, already_paid: 3, not_payable: 0, error: 0 }, paidAmount: '0.00', more: false, lines: [], run: { status: 'complete' } });
    }
    // Naming the paid lines changes nothing either.
    const named = (await rerun(runId, { lineIds: [lines.a, lines.b, lines.c].map(String), reason: 'named replay' })).json();
    expect(named.counts).toMatchObject({ paid: 0, already_paid: 3 });
    expect(named.lines.map((line: { outcome: string; after: string }) => [line.outcome, line.after])).toEqual([['already_paid', 'paid'], ['already_paid', 'paid'], ['already_paid', 'paid']]);
    expect(await cash(a, b, c)).toEqual([40n, 30n, 30n]);
    expect(await appliedJournals([lines.a, lines.b, lines.c])).toEqual([1, 1, 1]);
    // Each re-run is in the audit log, with its reason.
    expect((await audits('agents.settlement.rerun', runId.toString())).map((row) => (row.details as { reason: string }).reason)).toEqual(['retry after incident', 'retry after incident', 'retry after incident', 'named replay']);
  });

  it('after a crash half-way through the payouts, a re-run pays exactly the missing lines, audited with each payment', async () => {
    const { a, b, c, runId, lines } = await threeLevels('2032-01-11');
    // A crash while paying B's line: the worker dies in that line's transaction, which rolls back
    // its journal with it; C's line is never reached.
    await sql
      .raw(`create function test_crash_line() returns trigger language plpgsql as $$ begin
        if new.id = ${lines.b} and new.status = 'paid' then raise exception 'simulated crash'; end if; return new; end $$;
        create trigger test_crash_line before update on agents_settlement_line for each row execute function test_crash_line()`)
      .execute(ctx.core.db);
    await expect(settlement().payPending()).rejects.toThrow(/simulated crash/);
    await sql.raw('drop trigger test_crash_line on agents_settlement_line; drop function test_crash_line()').execute(ctx.core.db);
    expect(await cash(a, b, c)).toEqual([100n, 0n, 0n]);
    expect(await appliedJournals([lines.a, lines.b, lines.c])).toEqual([1, 0, 0]);

    const pending = (await call('GET', '/api/backoffice/agents/settlements/runs?status=pending&kind=daily')).json();
    expect(pending.content).toContainEqual(expect.objectContaining({ id: runId.toString(), status: 'pending', paidLines: 1, pendingLines: 2, totalPaid: '1.00', totalDue: '0.90' }));

    const response = await rerun(runId);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ counts: { paid: 2, insufficient: 0, already_paid: 1, error: 0 }, paidAmount: '0.90', run: { status: 'complete', paidLines: 3, totalPaid: '1.90' } });
    expect(result.lines).toEqual([
      { id: lines.b.toString(), agent: b.account, amount: '0.60', before: 'calculated', after: 'paid', outcome: 'paid', journalKey: `commission:${lines.b}:1`, error: null },
      { id: lines.c.toString(), agent: c.account, amount: '0.30', before: 'calculated', after: 'paid', outcome: 'paid', journalKey: `commission:${lines.c}:1`, error: null },
    ]);
    expect(await cash(a, b, c)).toEqual([40n, 30n, 30n]);
    expect(await appliedJournals([lines.a, lines.b, lines.c])).toEqual([1, 1, 1]);
    const paidAudit = await audits('agents.settlement.line_paid', lines.b.toString());
    expect(paidAudit).toHaveLength(1);
    expect(paidAudit[0]!.details).toMatchObject({ runId: runId.toString(), agent: b.account, amount: '0.60', before: { status: 'calculated', attempts: 0 }, after: { status: 'paid', attempts: 1, journalKey: `commission:${lines.b}:1` } });
    expect(await audits('agents.settlement.line_paid', lines.a.toString())).toHaveLength(0); // the worker paid A, not an operator

    // A replay, and the worker's next pass, pay nothing more.
    expect((await rerun(runId)).json().counts).toMatchObject({ paid: 0, already_paid: 3 });
    await settlement().payPending();
    expect(await cash(a, b, c)).toEqual([40n, 30n, 30n]);
    expect(await appliedJournals([lines.a, lines.b, lines.c])).toEqual([1, 1, 1]);
  });

  it('a payer short of money: the line stays insufficient (another attempt, audited) until the payer is funded; then it is paid once', async () => {
    const a = await fx.agent();
    const b = await fx.agent(a);
    const loser = await fx.member(b);
    const winner = await fx.member(a);
    await fx.grant(a, 'dividend', [{ minValidBet: '0', minLoss: '0', minActive: 0, rate: '20' }]);
    await fx.contract(a, b, 'dividend', [{ minValidBet: '0', minLoss: '0', minActive: 0, rate: '10' }]);
    const period = { start: new Date('2032-02-01T03:00:00Z'), end: new Date('2032-02-16T03:00:00Z') };
    await fx.round(loser, 100_00n, 0n, noon('2032-02-02'));
    await fx.round(winner, 100_00n, 200_00n, noon('2032-02-03'));
    const runId = (await settlement().settlePeriod('dividend', period))!;
    const line = (await ctx.core.db.selectFrom('agents_settlement_line').select('id').where('run_id', '=', runId).where('agent_id', '=', b.id).executeTakeFirstOrThrow()).id;

    const first = (await rerun(runId, { lineIds: [line.toString()], reason: 'first try' })).json();
    expect(first).toMatchObject({ counts: { paid: 0, insufficient: 1 }, paidAmount: '0.00', run: { status: 'failed', failedLines: 1, notQualifiedLines: 1, totalDue: '10.00' } });
    expect(first.lines).toEqual([{ id: line.toString(), agent: b.account, amount: '10.00', before: 'calculated', after: 'insufficient', outcome: 'insufficient', journalKey: null, error: null }]);
    const second = (await rerun(runId)).json();
    expect(second).toMatchObject({ counts: { paid: 0, insufficient: 1, not_payable: 1 }, run: { status: 'failed', attempts: 2 } });
    expect((await audits('agents.settlement.line_insufficient', line.toString())).map((row) => (row.details as { after: { attempts: number } }).after.attempts)).toEqual([1, 2]);
    expect((await call('GET', '/api/backoffice/agents/settlements/runs?status=failed&kind=dividend')).json().content.map((run: { id: string }) => run.id)).toContain(runId.toString());
    expect(await cash(a, b)).toEqual([0n, 0n]);

    await ctx.core.db.transaction().execute((tx) =>
      ctx.core.modules.wallet.api.postOrThrow(tx, { key: `test:fund:${a.account}`, type: 'adjustment', legs: [{ member: a.id, amount: 15_00n }, { house: 'adjustments', amount: -15_00n }] }),
    );
    const paid = (await rerun(runId)).json();
    expect(paid).toMatchObject({ counts: { paid: 1, insufficient: 0, not_payable: 1 }, paidAmount: '10.00', run: { status: 'complete' } });
    expect(paid.lines[0]).toMatchObject({ outcome: 'paid', before: 'insufficient', after: 'paid', journalKey: `commission:${line}:3` });
    expect((await rerun(runId)).json().counts).toMatchObject({ paid: 0, already_paid: 1 });
    expect(await cash(a, b)).toEqual([5_00n, 10_00n]);
    expect(await appliedJournals([line])).toEqual([1]);
    // The refused attempts stay in the ledger as refused, each under its own key.
    const refused = await ctx.core.db.selectFrom('wallet_journal').select('idempotency_key').where('idempotency_key', 'like', `commission:${line}:%`).where('status', '<>', 'applied').orderBy('idempotency_key').execute();
    expect(refused.map((row) => row.idempotency_key)).toEqual([`commission:${line}:1`, `commission:${line}:2`]);
  });

  it('concurrent re-runs of the same run (a double click, two operators) pay each line once', async () => {
    const { a, b, c, runId, lines } = await threeLevels('2032-01-12');
    const owner = await newOperatorSession(ctx.core, ctx.app, 'owner');
    // A double click proposes once; another operator's request for the run waits for that one.
    const proposals = await Promise.all([propose(runId), propose(runId)]);
    expect(proposals.map((response) => response.statusCode).sort()).toEqual([200, 202]);
    const id = proposals[0]!.json().id as string;
    expect(proposals[1]!.json().id).toBe(id);
    const second = await propose(runId, { reason: 'second operator' }, owner);
    expect([second.statusCode, second.json().error.code]).toEqual([409, 'backoffice.approval_pending_exists']);
    // The maker cannot approve its own request; nothing is paid by trying.
    const own = await approve(id, finance);
    expect([own.statusCode, own.json().error.code]).toEqual([403, 'backoffice.approval_self_decision']);
    expect(await appliedJournals([lines.a, lines.b, lines.c])).toEqual([0, 0, 0]);

    // Two checkers (and a double click) approve at once: one approval runs, the others are told it is decided.
    const responses = await Promise.all([approve(id), approve(id, owner), approve(id)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) expect(response.json().error.code).toBe('backoffice.approval_not_pending');
    expect(responses.find((response) => response.statusCode === 200)!.json().result.counts.paid).toBe(3);
    expect(await cash(a, b, c)).toEqual([40n, 30n, 30n]);
    expect(await appliedJournals([lines.a, lines.b, lines.c])).toEqual([1, 1, 1]);
  });

  it('refuses bad input in words, never with a 500; only agents.settle may re-run', async () => {
    const { runId, lines } = await threeLevels('2032-01-13');
    const other = await threeLevels('2032-01-14');

    const unknown = await rerun('999999999');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'agents.run_not_found']);
    const unknownDetail = await call('GET', '/api/backoffice/agents/settlements/runs/999999999');
    expect([unknownDetail.statusCode, unknownDetail.json().error.code]).toEqual([404, 'agents.run_not_found']);
    const foreign = await rerun(runId, { lineIds: [lines.a.toString(), other.lines.a.toString()], reason: 'mixed' });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([400, 'agents.line_not_in_run']);
    expect(foreign.json().error.details).toEqual({ lineIds: [other.lines.a.toString()] });

    for (const id of ['abc', '-1', '1.5', '9'.repeat(19), "1' or '1'='1", '%20']) {
      for (const response of [await call('GET', `/api/backoffice/agents/settlements/runs/${encodeURIComponent(id)}`), await propose(encodeURIComponent(id))]) {
        expect(response.statusCode, `${id}: ${response.body}`).toBe(400);
        expect(response.json().error.code).toBe('validation.failed');
      }
    }
    const badBodies: unknown[] = [
      {},
      { reason: '' },
      { reason: '    ' },
      { reason: 'x'.repeat(501) },
      { reason: 42 },
      { reason: 'ok', lineIds: [] },
      { reason: 'ok', lineIds: ['abc'] },
      { reason: 'ok', lineIds: [1] },
      { reason: 'ok', lineIds: Array.from({ length: 501 }, (_, index) => String(index + 1)) },
      { reason: 'ok', lineIds: 'all' },
      ['reason'],
      { reason: 'nul \u0000 inside' },
    ];
    for (const body of badBodies) {
      const response = await propose(runId, body as object);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('validation.failed');
    }
    const malformed = await ctx.app.inject({ method: 'POST', url: `/api/backoffice/agents/settlements/runs/${runId}/rerun`, headers: { ...bearer(finance), 'content-type': 'application/json' }, payload: '{"reason": ' });
    expect(malformed.statusCode).toBe(400);
    for (const query of ['?status=bogus', '?kind=weekly', '?pageSize=1000', '?pageNo=0', '?includeEmpty=1']) {
      const response = await call('GET', `/api/backoffice/agents/settlements/runs${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await call('GET', `/api/backoffice/agents/settlements/runs/${runId}?status=bogus`)).statusCode).toBe(400);

    // A hostile reason is kept as text, nothing more.
    const hostile = "<script>alert(1)</script>'; drop table agents_settlement_line; --";
    const response = await rerun(runId, { reason: hostile });
    expect(response.statusCode, response.body).toBe(200);
    expect((await audits('agents.settlement.rerun', runId.toString()))[0]!.details).toMatchObject({ reason: hostile });

    // Risk and support may not re-run (nor support read); nothing was paid by their attempts.
    const before = await appliedJournals([other.lines.a]);
    for (const role of ['risk', 'support', 'content'] as const) {
      const token = await newOperatorSession(ctx.core, ctx.app, role);
      const refused = await call('POST', `/api/backoffice/agents/settlements/runs/${other.runId}/rerun`, { reason: 'not mine' }, token);
      expect([refused.statusCode, refused.json().error.code], role).toEqual([403, 'backoffice.forbidden']);
    }
    expect(await appliedJournals([other.lines.a])).toEqual(before);
  });
});
